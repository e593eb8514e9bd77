# SPDX-License-Identifier: BSD-2-Clause
#
# BINARY = <uuid>: link the TA and sign it, as OP-TEE's ta/link.mk does,
# into $(O):
#
#   <uuid>.elf           the TA with its symbols (what gdb reads)
#   <uuid>.map           the linker map
#   <uuid>.dmp           objdump -l -x -d of the ELF
#   <uuid>.stripped.elf  objcopy --strip-unneeded of the ELF
#   <uuid>.ta            the signed image of the stripped ELF: what
#                        tee-supplicant loads
#
# teebox's TA is an executable of this machine: libutee's main() serves
# the entry points, libseccomp its sandbox, libcrypto its cryptography.

# The TA header of every TA, from the TA's user_ta_header_defines.h.
ta-header-obj := $(out-prefix)user_ta_header.o
ta-objs += $(ta-header-obj)
src-of-$(ta-header-obj) := $(ta-dev-kit-dir)/src/user_ta_header.c

ta-elf := $(out-prefix)$(BINARY).elf
ta-map := $(out-prefix)$(BINARY).map
ta-dmp := $(out-prefix)$(BINARY).dmp
ta-stripped := $(out-prefix)$(BINARY).stripped.elf
ta-image := $(out-prefix)$(BINARY).ta
ta-goals := $(ta-image) $(ta-dmp)
ta-cleanfiles := $(ta-elf) $(ta-map) $(ta-dmp) $(ta-stripped) $(ta-image)

# CFG_ENCRYPT_TA=y encrypts the TA with TA_ENC_KEY (64 hex digits), as
# OP-TEE's ta/link.mk does (sign_encrypt.py --enc-key), for the key type
# TA_ENC_KEY_TYPE (OP-TEE's default, the device-specific key, unless set).
# OP-TEE's default TA_ENC_KEY is what its all-zero default HUK gives; a
# teebox HUK is made per installation, so there is no default here
# (teebox-sign ta-enc-key prints a device's key; docs/ta-image-format.md).
ifeq ($(CFG_ENCRYPT_TA),y)
ifeq ($(TA_ENC_KEY),)
$(error CFG_ENCRYPT_TA=y needs TA_ENC_KEY (64 hex digits): see docs/ta-image-format.md, "Encrypted TAs")
endif
TA_ENC_KEY_TYPE ?= SHDR_ENC_KEY_DEV_SPECIFIC
ta-crypt-args := --enc-key $(TA_ENC_KEY) --enc-key-type $(TA_ENC_KEY_TYPE)
endif

TA_SIGN_KEY ?= $(ta-dev-kit-dir)/keys/default_ta.pem
CFG_TA_VERSION ?= 0

# Libraries of the TA (libnames, libdirs, libdeps from the Makefile or
# the sub.mk files) may call libutee: one group.  LDADD comes first, as
# in OP-TEE's link.mk: a TA shared library it names (-lfoo) calls
# libutee too, whose members the TA then links and exports for it.
ta-link-libs := -Wl,--start-group $(libdeps) $(addprefix -L,$(libdirs)) \
	$(addprefix -l,$(libnames)) $(ta-dev-kit-dir)/lib/libutee.a \
	-Wl,--end-group $(teebox-ta-libs)

$(ta-elf): $(ta-objs) $(libdeps) $(ta-dev-kit-dir)/lib/libutee.a
	$(cmd-echo) '  LD      $@'
	$(q)$(TEEBOX_TA_CC) -pie $(teebox-ta-zygote-ldflags) \
		$(teebox-ta-ldflags) $(LDFLAGS) \
		-Wl,-Map=$(ta-map) -o $@ $(ta-objs) $(LDADD) $(ta-link-libs)

$(ta-dmp): $(ta-elf)
	$(cmd-echo) '  OBJDUMP $@'
	$(q)$(TEEBOX_TA_OBJDUMP) -l -x -d $< > $@

$(ta-stripped): $(ta-elf)
	$(cmd-echo) '  OBJCOPY $@'
	$(q)$(TEEBOX_TA_OBJCOPY) --strip-unneeded $< $@

# The UUID is checked against the TA's .ta_head by the tool.  A TA
# signed with a subkey sets, as with OP-TEE's ta/link.mk,
#   TA_SIGN_KEY = subkey.pem
#   TA_SUBKEY_ARGS = --subkey subkey.bin [--name NAME]
#   TA_SUBKEY_DEPS = subkey.bin
# and teebox-sign puts the chain in front of the image.
$(ta-image): $(ta-stripped) $(TA_SUBKEY_DEPS)
	$(if $(wildcard $(TA_SIGN_KEY)),,$(error TA_SIGN_KEY: $(TA_SIGN_KEY) does not exist; give the PEM key teebox was built with: make TA_SIGN_KEY=<key.pem>))
	$(cmd-echo) '  $(if $(ta-crypt-args),SIGNENC,SIGN   ) $@'
	$(q)$(TEEBOX_SIGN) sign --key $(TA_SIGN_KEY) $(TA_SUBKEY_ARGS) \
		$(ta-crypt-args) --uuid $(BINARY) \
		--ta-version $(CFG_TA_VERSION) --in $< --out $@
