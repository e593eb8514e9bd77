# SPDX-License-Identifier: BSD-2-Clause
#
# Compiler flags and one rule per object file, as OP-TEE's mk/compile.mk
# and ta_dev_kit.mk give them: the TA's own directory and the dev kit's
# include/ on the include path, TRACE_LEVEL from CFG_TEE_TA_LOG_LEVEL,
# every CFG_* and _CFG_* make variable as a -D, the warning set WARNS,
# and per-file flags from sub.mk.

# OP-TEE's dev kit default when neither the TA nor conf.mk sets it.
CFG_TEE_TA_LOG_LEVEL ?= 2
WARNS ?= 3

ifeq ($(CFG_TA_OPTEE_CORE_API_COMPAT_1_1),y)
ta-api-defines := -D__OPTEE_CORE_API_COMPAT_1_1=1
endif

# y -> -DCFG_X=1; n or empty -> nothing; anything else -> -DCFG_X='value'.
# Taken now, as in OP-TEE: what the Makefile sets after the include of
# ta_dev_kit.mk is not seen.
cfg-define = $(if $(filter y,$($(1))),-D$(1)=1,$(if $(filter-out n,$(strip $($(1)))),-D$(1)='$(strip $($(1)))'))
ta-cfg-defines := $(foreach v,$(sort $(filter CFG_% _CFG_%,$(.VARIABLES))),$(call cfg-define,$(v)))

# OP-TEE's warning sets: WARNS=1 the high set, 2 adds the medium one,
# 3 (the default) the low one.  Warnings are errors only with
# CFG_WERROR=y.
warns-1 := -Wall -Wcast-align -Werror-implicit-function-declaration \
	-Wextra -Wfloat-equal -Wformat-nonliteral -Wformat-security \
	-Wformat=2 -Winit-self -Wmissing-declarations \
	-Wmissing-format-attribute -Wmissing-include-dirs \
	-Wmissing-noreturn -Wmissing-prototypes -Wnested-externs \
	-Wpointer-arith -Wshadow -Wstrict-prototypes -Wswitch-default \
	-Wwrite-strings -Wno-missing-field-initializers \
	-Wno-format-zero-length
warns-2 := -Wold-style-definition -Wredundant-decls -Wstrict-aliasing=2 \
	-Wundef
warns-3 := -Wunreachable-code
ta-warns := $(warns-1) $(if $(filter 2 3,$(WARNS)),$(warns-2)) \
	$(if $(filter 3,$(WARNS)),$(warns-3)) \
	$(if $(filter y,$(CFG_WERROR)),-Werror)

# _CFG_TA_STACK_PROTECTOR as in OP-TEE's conf.mk: strong by default.
ta-stackprot-strong := -fstack-protector-strong
ta-stackprot-all := -fstack-protector-all
ta-stackprot-y := -fstack-protector
ta-stackprot-n := -fno-stack-protector
ta-stackprot-none := -fno-stack-protector

# -fPIE: the TA is a position-independent executable, like OP-TEE's
# (-fPIC for a TA shared library: ta-pic, ta_dev_kit.mk).
# Frame pointers: the secure world's crash report walks the TA's stack.
ta-cflags-common := -std=gnu11 $(or $(ta-pic),-fPIE) -fno-omit-frame-pointer \
	$(ta-stackprot-$(or $(_CFG_TA_STACK_PROTECTOR),strong)) \
	$(teebox-ta-opt) $(teebox-ta-cflags) $(ta-warns)
ta-cppflags-common := -DTRACE_LEVEL=$(CFG_TEE_TA_LOG_LEVEL) $(ta-api-defines) \
	$(ta-cfg-defines)

# The path of an object's source turned into a C identifier (OP-TEE's
# __FILE_ID__).
file-id = $(subst /,_,$(subst .,_,$(subst -,_,$(1))))

ta-deps = $(foreach o,$(ta-objs),$(dir $(o)).$(notdir $(o)).d)

# An object is rebuilt when its command line changed (another CFG_*
# value, log level or flag), as OP-TEE's .cmd files do: the command is
# kept in .<object>.cmd next to it.
str-differ = $(or $(subst x$(1),,x$(2)),$(subst x$(2),,x$(1)))
cmd-file = $(dir $(1)).$(notdir $(1)).cmd

.PHONY: FORCE
FORCE:

# The command that compiles object $(1).
compile-cmd = $(TEEBOX_TA_CC) \
	$(filter-out $(CFLAGS_REMOVE) $(cflags-remove-of-$(1)),$(ta-cflags-common) $(CFLAGS) $(CFLAGS64) $(cflags-of-$(1))) \
	$(filter-out $(CPPFLAGS_REMOVE) $(cppflags-remove-of-$(1)),$(ta-cppflags-common) $(CPPFLAGS) $(cppflags-of-$(1))) \
	$(ta-global-cppflags) \
	$(if $(filter %.S,$(src-of-$(1))),$(AFLAGS) $(aflags-of-$(1))) \
	$(addprefix -I,$(incdirs-of-$(1)) $(ta-global-incdirs) . $(ta-dev-kit-dir)/include) \
	-D__FILE_ID__=$(call file-id,$(src-of-$(1))) \
	-MD -MP -MF $(dir $(1)).$(notdir $(1)).d \
	-c $(src-of-$(1)) -o $(1)

# The object directories, made before anything is written there (the
# recipe's $(file) runs before its first line).
define mkdir-rules
$(sort $(dir $(ta-objs))):
	$$(q)mkdir -p $$@
endef

# The rule for object $(1).
define compile-rule
cmd-$(1) := $$(strip $$(call compile-cmd,$(1)))
$(1): $$(src-of-$(1)) $$(MAKEFILE_LIST) $$(if $$(call str-differ,$$(cmd-$(1)),$$(strip $$(file <$$(call cmd-file,$(1))))),FORCE) | $$(dir $(1))
	$$(cmd-echo) '  CC      $(1)'
	$$(q)$$(cmd-$(1))
	$$(file >$$(call cmd-file,$(1)),$$(cmd-$(1)))
endef
