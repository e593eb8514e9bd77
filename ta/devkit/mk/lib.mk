# SPDX-License-Identifier: BSD-2-Clause
#
# LIBNAME = libfoo: a static library of TA code, $(O)/libfoo.a, that
# TAs link with libnames/libdirs/libdeps (as OP-TEE's dev kit makes them).

ta-lib := $(out-prefix)$(LIBNAME).a
ta-goals := $(ta-lib)
ta-cleanfiles := $(ta-lib)

$(ta-lib): $(ta-objs)
	$(cmd-echo) '  AR      $@'
	$(q)rm -f $@
	$(q)$(TEEBOX_TA_AR) rcs $@ $(ta-objs)
