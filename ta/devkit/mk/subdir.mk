# SPDX-License-Identifier: BSD-2-Clause
#
# Reads the TA's sub.mk files as OP-TEE's mk/subdir.mk does: ./sub.mk
# first, then each directory in its subdirs-y, depth first.  The
# per-directory variables are emptied before each sub.mk is read, so a
# directory's flags stay its own; what a directory says is saved in
# variables named for each object file before the next one is read.
#
# Per directory: srcs-y, subdirs-y, incdirs-y, cflags-y, cppflags-y,
# aflags-y, cflags-remove-y, cppflags-remove-y, aflags-remove-y, and for
# one file <f> as srcs-y names it: cflags-<f>-y, cppflags-<f>-y,
# aflags-<f>-y, incdirs-<f>-y, cflags-remove-<f>-y, cppflags-remove-<f>-y,
# oname-<f>-y.  For the whole TA: global-incdirs-y, global-cppflags-y,
# libnames, libdirs, libdeps, cleanfiles (never emptied).

subdir-vars := srcs-y subdirs-y incdirs-y cflags-y cppflags-y aflags-y \
	cflags-remove-y cppflags-remove-y aflags-remove-y global-incdirs-y \
	global-cppflags-y
file-var-kinds := cflags cppflags aflags incdirs cflags-remove \
	cppflags-remove aflags-remove oname

ta-srcs :=
ta-objs :=
ta-global-incdirs :=
ta-global-cppflags :=

# $(1) relative to directory $(2) ("." for the TA's own); absolute kept.
subdir-path = $(if $(filter /%,$(1)),$(1),$(if $(filter .,$(2)),$(1),$(2)/$(1)))

# Where the object of source $(1) goes: below $(O), the source's path
# with .c/.S replaced by .o (an absolute path loses its leading /).
obj-of = $(out-prefix)$(patsubst /%,%,$(basename $(1))).o

# Records source $(2) of directory $(1), with the flags in force now.
define add-src
ta-src-path := $$(call subdir-path,$(2),$(1))
ta-obj := $$(if $$(oname-$(2)-y),$$(out-prefix)$$(call subdir-path,$$(oname-$(2)-y),$(1)),$$(call obj-of,$$(ta-src-path)))
ta-srcs += $$(ta-src-path)
ta-objs += $$(ta-obj)
src-of-$$(ta-obj) := $$(ta-src-path)
incdirs-of-$$(ta-obj) := $$(foreach d,$$(incdirs-y) $$(incdirs-$(2)-y),$$(call subdir-path,$$(d),$(1)))
cflags-of-$$(ta-obj) := $$(cflags-y) $$(cflags-$(2)-y)
cppflags-of-$$(ta-obj) := $$(cppflags-y) $$(cppflags-$(2)-y)
aflags-of-$$(ta-obj) := $$(aflags-y) $$(aflags-$(2)-y)
# Removed from everything the object is compiled with, the dev kit's
# own flags included, as in OP-TEE.
cflags-remove-of-$$(ta-obj) := $$(cflags-remove-y) $$(cflags-remove-$(2)-y)
cppflags-remove-of-$$(ta-obj) := $$(cppflags-remove-y) $$(cppflags-remove-$(2)-y)
endef

# Empties what the last sub.mk set for its directory and its files.
define reset-subdir
$(foreach v,$(subdir-vars),$(v) :=
)
$(foreach f,$(srcs-y),$(foreach k,$(file-var-kinds),$(k)-$(f)-y :=
))
endef

# Reads $(1)/sub.mk, records its sources, then goes down its subdirs-y.
define process-subdir
$(eval $(reset-subdir))
$(if $(wildcard $(1)/sub.mk),,$(error $(1)/sub.mk: no such file (the TA's sources are listed in sub.mk files: srcs-y += file.c)))
$(eval include $(1)/sub.mk)
$(foreach f,$(srcs-y),$(eval $(call add-src,$(1),$(f))))
$(eval ta-global-incdirs += $(foreach d,$(global-incdirs-y),$(call subdir-path,$(d),$(1))))
$(eval ta-global-cppflags += $(global-cppflags-y))
$(eval subdirs-of-$(1) := $(foreach d,$(subdirs-y),$(call subdir-path,$(d),$(1))))
$(eval $(reset-subdir))
$(foreach d,$(subdirs-of-$(1)),$(call process-subdir,$(d)))
endef
