# SPDX-License-Identifier: BSD-2-Clause
#
# SHLIBNAME = libfoo, SHLIBUUID = <uuid>: a TA shared library, as OP-TEE's
# dev kit links and signs one, into $(O):
#
#   libfoo.so            the library, linked -shared with soname <uuid>:
#                        a TA links it with LDADD += -L<dir> -lfoo and
#                        gets DT_NEEDED <uuid>
#   <uuid>.elf           the same (what gdb reads)
#   <uuid>.map           the linker map
#   <uuid>.dmp           objdump -l -x -d of the ELF
#   <uuid>.stripped.elf  objcopy --strip-unneeded of the ELF
#   <uuid>.ta            the signed image of the stripped ELF: installed
#                        beside the TAs, tee-supplicant serves it by its
#                        UUID as it serves a TA
#
# The secure world loads it at TA load, verified as a TA is, and the TA
# zygote maps it with the TA (docs/ta-developer-guide.md, "TA shared
# libraries").  The library calls the GP API of the TA that links it:
# libutee is not linked in here, its symbols come from the TA.

ifeq ($(SHLIBUUID),)
$(error SHLIBNAME = $(SHLIBNAME) needs SHLIBUUID = <uuid>: the library's soname, and the UUID tee-supplicant finds it by)
endif

shlib-so := $(out-prefix)$(SHLIBNAME).so
shlib-elf := $(out-prefix)$(SHLIBUUID).elf
shlib-map := $(out-prefix)$(SHLIBUUID).map
shlib-dmp := $(out-prefix)$(SHLIBUUID).dmp
shlib-stripped := $(out-prefix)$(SHLIBUUID).stripped.elf
shlib-image := $(out-prefix)$(SHLIBUUID).ta
ta-goals := $(shlib-so) $(shlib-image) $(shlib-dmp)
ta-cleanfiles := $(shlib-so) $(shlib-elf) $(shlib-map) $(shlib-dmp) \
	$(shlib-stripped) $(shlib-image)

TA_SIGN_KEY ?= $(ta-dev-kit-dir)/keys/default_ta.pem
CFG_TA_VERSION ?= 0

# Libraries it links in turn (LDADD, libnames...) come before the
# linker's own: a TA library may link other TA libraries.
$(shlib-so): $(ta-objs) $(libdeps)
	$(cmd-echo) '  LD      $@'
	$(q)$(TEEBOX_TA_CC) -shared -Wl,-soname=$(SHLIBUUID) \
		$(teebox-ta-ldflags) $(LDFLAGS) -Wl,-Map=$(shlib-map) -o $@ \
		$(ta-objs) $(LDADD) $(libdeps) $(addprefix -L,$(libdirs)) \
		$(addprefix -l,$(libnames))

$(shlib-elf): $(shlib-so)
	$(q)cp $< $@

$(shlib-dmp): $(shlib-elf)
	$(cmd-echo) '  OBJDUMP $@'
	$(q)$(TEEBOX_TA_OBJDUMP) -l -x -d $< > $@

$(shlib-stripped): $(shlib-elf)
	$(cmd-echo) '  OBJCOPY $@'
	$(q)$(TEEBOX_TA_OBJCOPY) --strip-unneeded $< $@

# A library has no .ta_head: the UUID is SHLIBUUID's, as OP-TEE's dev kit
# signs it (sign_encrypt.py --uuid).
$(shlib-image): $(shlib-stripped)
	$(if $(wildcard $(TA_SIGN_KEY)),,$(error TA_SIGN_KEY: $(TA_SIGN_KEY) does not exist; give the PEM key teebox was built with: make TA_SIGN_KEY=<key.pem>))
	$(cmd-echo) '  SIGN    $@'
	$(q)$(TEEBOX_SIGN) sign --key $(TA_SIGN_KEY) --uuid $(SHLIBUUID) \
		--ta-version $(CFG_TA_VERSION) --in $< --out $@
