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
#
# Generated sources, as OP-TEE's mk/subdir.mk has them: gensrcs-y names
# entries <g>, each with produce-<g> (the file made, in the directory's
# output directory $(sub-dir-out)), recipe-<g> (the command that makes
# it), depends-<g> (what it is made from), produce-additional-<g> (other
# files the same command makes) and force-gensrc-<g> = y (made before
# any object is compiled: a header).  A generated .c/.S is compiled like
# the directory's own sources, with the per-file flags of <g>.  While a
# sub.mk is read, $(sub-dir) is its directory and $(sub-dir-out) the
# directory's output directory, which is on the include path of the
# directory's objects (a generated header is found there).

subdir-vars := srcs-y subdirs-y incdirs-y cflags-y cppflags-y aflags-y \
	cflags-remove-y cppflags-remove-y aflags-remove-y global-incdirs-y \
	global-cppflags-y gensrcs-y
file-var-kinds := cflags cppflags aflags incdirs cflags-remove \
	cppflags-remove aflags-remove oname

ta-srcs :=
ta-objs :=
ta-gen-srcs :=
ta-forced-gen-srcs :=
ta-global-incdirs :=
ta-global-cppflags :=

# $(1) relative to directory $(2) ("." for the TA's own); absolute kept.
subdir-path = $(if $(filter /%,$(1)),$(1),$(if $(filter .,$(2)),$(1),$(2)/$(1)))

# Where the object of source $(1) goes: below $(O), the source's path
# with .c/.S replaced by .o (an absolute path loses its leading /).
obj-of = $(out-prefix)$(patsubst /%,%,$(basename $(1))).o

# The output directory of directory $(1): where its objects and
# generated sources go (OP-TEE's $(sub-dir-out)).
subdir-out = $(or $(patsubst %/,%,$(out-prefix)$(filter-out .,$(1))),.)

# Records the object $(3) of source $(1) ("<f>" of directory $(2)'s
# per-file flags), with the flags in force now.
define add-obj
ta-objs += $(3)
src-of-$(3) := $(1)
incdirs-of-$(3) := $$(foreach d,$$(incdirs-y) $$(incdirs-$(2)-y),$$(call subdir-path,$$(d),$$(sub-dir))) $$(sub-dir-out)
cflags-of-$(3) := $$(cflags-y) $$(cflags-$(2)-y)
cppflags-of-$(3) := $$(cppflags-y) $$(cppflags-$(2)-y)
aflags-of-$(3) := $$(aflags-y) $$(aflags-$(2)-y)
# Removed from everything the object is compiled with, the dev kit's
# own flags included, as in OP-TEE.
cflags-remove-of-$(3) := $$(cflags-remove-y) $$(cflags-remove-$(2)-y)
cppflags-remove-of-$(3) := $$(cppflags-remove-y) $$(cppflags-remove-$(2)-y)
endef

# Records source $(2) of directory $(1), with the flags in force now.
define add-src
ta-src-path := $$(call subdir-path,$(2),$(1))
ta-srcs += $$(ta-src-path)
$$(eval $$(call add-obj,$$(ta-src-path),$(2),$$(if $$(oname-$(2)-y),$$(out-prefix)$$(call subdir-path,$$(oname-$(2)-y),$(1)),$$(call obj-of,$$(ta-src-path)))))
endef

# Records generated source <g> = $(1) of the directory being read: the
# file, its rule's parts, and its object when it is a .c or .S.
define add-gensrc
ta-gen := $$(patsubst ./%,%,$$(sub-dir-out)/$$(produce-$(1)))
ta-gen-srcs += $$(ta-gen)
depends-of-$$(ta-gen) := $$(depends-$(1))
recipe-of-$$(ta-gen) := $$(recipe-$(1))
also-of-$$(ta-gen) := $$(addprefix $$(sub-dir-out)/,$$(produce-additional-$(1)))
ta-forced-gen-srcs += $$(if $$(filter y,$$(force-gensrc-$(1))),$$(ta-gen))
$$(if $$(filter %.c %.S,$$(ta-gen)),$$(eval $$(call add-obj,$$(ta-gen),$(1),$$(basename $$(ta-gen)).o)))
endef

# The rule that makes generated source $(1) (and the files made with
# it), in a directory of its own making, as OP-TEE's does.
define gensrc-rule
$(1): $$(depends-of-$(1))
	$$(cmd-echo) '  GEN     $(1)'
	$$(q)mkdir -p $$(dir $(1))
	$$(q)$$(recipe-of-$(1))
$$(if $$(also-of-$(1)),$$(also-of-$(1)): $(1))
endef

# Empties what the last sub.mk set for its directory and its files.
define reset-subdir
$(foreach v,$(subdir-vars),$(v) :=
)
$(foreach f,$(srcs-y) $(gensrcs-y),$(foreach k,$(file-var-kinds),$(k)-$(f)-y :=
))
endef

# Reads $(1)/sub.mk, records its sources, then goes down its subdirs-y.
define process-subdir
$(eval $(reset-subdir))
$(if $(wildcard $(1)/sub.mk),,$(error $(1)/sub.mk: no such file (the TA's sources are listed in sub.mk files: srcs-y += file.c)))
$(eval sub-dir := $(1))
$(eval sub-dir-out := $(call subdir-out,$(1)))
$(eval include $(1)/sub.mk)
$(foreach g,$(gensrcs-y),$(eval $(call add-gensrc,$(g))))
$(foreach f,$(srcs-y),$(eval $(call add-src,$(1),$(f))))
$(eval ta-global-incdirs += $(foreach d,$(global-incdirs-y),$(call subdir-path,$(d),$(1))))
$(eval ta-global-cppflags += $(global-cppflags-y))
$(eval subdirs-of-$(1) := $(foreach d,$(subdirs-y),$(call subdir-path,$(d),$(1))))
$(eval $(reset-subdir))
$(foreach d,$(subdirs-of-$(1)),$(call process-subdir,$(d)))
endef
