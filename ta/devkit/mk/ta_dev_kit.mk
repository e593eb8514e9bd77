# SPDX-License-Identifier: BSD-2-Clause
#
# teebox's TA dev kit: what OP-TEE's export-ta_<arch>/mk/ta_dev_kit.mk is
# to a TA Makefile.  A TA directory written for OP-TEE builds here
# unchanged:
#
#   CFG_TEE_TA_LOG_LEVEL ?= 4           (optional)
#   CFG_TA_OPTEE_CORE_API_COMPAT_1_1=y  (optional)
#   BINARY = <uuid>                     (or LIBNAME = libfoo, or
#                                        SHLIBNAME = libfoo and
#                                        SHLIBUUID = <uuid>: shlib.mk)
#   include $(TA_DEV_KIT_DIR)/mk/ta_dev_kit.mk
#
# with the sources listed in sub.mk files (subdir.mk), and
#
#   make -C ta TA_DEV_KIT_DIR=<dir> [O=<out dir>] [V=1]
#
# gives $(O)/<uuid>.ta, signed with teebox-sign.  A teebox TA is a Linux
# process, so the TA is a position-independent executable of this
# machine linked with libutee, libseccomp and libcrypto; CROSS_COMPILE,
# PLATFORM and friends are accepted for OP-TEE's sake and change nothing.

# The first rules made below are the objects': the default goal is
# named, so that plain "make" builds the TA.
.DEFAULT_GOAL := all

ta-dev-kit-mk := $(abspath $(lastword $(MAKEFILE_LIST)))
TA_DEV_KIT_DIR ?= $(patsubst %/mk/ta_dev_kit.mk,%,$(ta-dev-kit-mk))
ta-dev-kit-dir := $(abspath $(TA_DEV_KIT_DIR))

# What the dev kit was built with: compiler, flags, signing tool, key.
include $(ta-dev-kit-dir)/mk/conf.mk

# OP-TEE's names for the tools of the TAs' architecture, $(sm) (its
# mk/gcc.mk and mk/clang.mk define them): TA Makefiles and sub.mk files
# probe the compiler with them, as optee_test's os_test does with
# "$(CC$(sm)) -E".
CC$(sm) := $(TEEBOX_TA_CC)
CPP$(sm) := $(TEEBOX_TA_CC) -E
AR$(sm) := $(TEEBOX_TA_AR)
OBJCOPY$(sm) := $(TEEBOX_TA_OBJCOPY)
OBJDUMP$(sm) := $(TEEBOX_TA_OBJDUMP)

ta-kinds := $(strip $(if $(BINARY),binary) $(if $(LIBNAME),lib) \
	$(if $(SHLIBNAME),shlib))
ifneq ($(words $(ta-kinds)),1)
$(error exactly one of BINARY, LIBNAME and SHLIBNAME must be set (BINARY = <uuid> for a TA))
endif
# A TA shared library's code is linked -shared: position-independent
# code, not a PIE's (compile.mk).
ta-pic := $(if $(SHLIBNAME),-fPIC,-fPIE)

O ?= .
out-dir := $(patsubst %/,%,$(O))
# What output file names start with: nothing for the TA's own directory.
out-prefix := $(if $(filter .,$(out-dir)),,$(out-dir)/)

ifeq ($(V),1)
q :=
cmd-echo := @:
else ifneq ($(findstring s,$(firstword -$(MAKEFLAGS))),)
q := @
cmd-echo := @:
else
q := @
cmd-echo := @echo
endif

include $(ta-dev-kit-dir)/mk/compile.mk
include $(ta-dev-kit-dir)/mk/subdir.mk

# Every source the sub.mk files name, starting at ./sub.mk.
$(eval $(call process-subdir,.))

ifneq ($(BINARY),)
include $(ta-dev-kit-dir)/mk/link.mk
else ifneq ($(SHLIBNAME),)
include $(ta-dev-kit-dir)/mk/shlib.mk
else
include $(ta-dev-kit-dir)/mk/lib.mk
endif

$(foreach o,$(ta-objs),$(eval $(call compile-rule,$(o))))
$(foreach g,$(ta-gen-srcs),$(eval $(call gensrc-rule,$(g))))
$(eval $(mkdir-rules))
# Generated headers (force-gensrc-<g> = y) exist before any compiler runs.
ifneq ($(strip $(ta-forced-gen-srcs)),)
$(ta-objs): | $(ta-forced-gen-srcs)
endif

.PHONY: all clean
all: $(ta-goals)

-include $(ta-deps)

clean:
	$(cmd-echo) '  CLEAN   $(out-dir)'
	$(q)rm -f $(ta-objs) $(ta-deps) $(ta-cleanfiles) $(ta-gen-srcs) \
		$(foreach g,$(ta-gen-srcs),$(also-of-$(g))) \
		$(foreach o,$(ta-objs),$(call cmd-file,$(o))) \
		$(addprefix $(out-prefix),$(cleanfiles))
	$(q)for d in $$(printf '%s\n' $(filter-out ./,$(sort $(dir $(ta-objs)) \
		$(out-prefix))) | sort -r); do rmdir "$$d" 2>/dev/null || true; done
