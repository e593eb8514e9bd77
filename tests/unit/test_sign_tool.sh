#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# test_sign_tool: teebox-sign from the command line, as the build and a
# user run it.
#
# usage: test_sign_tool.sh TEEBOX_SIGN C_COMPILER WORK_DIR
#
# Builds a small ELF whose .ta_head holds a known UUID, signs it without
# --uuid, and checks the file name, "verify", "info", tampering and the
# --uuid cross-check.  When clang is installed, it also signs objects for
# 32- and 64-bit, little- and big-endian targets, to exercise every ELF
# flavour the UUID reader handles.
set -eu

[ $# -eq 3 ] || { echo "usage: $0 TEEBOX_SIGN C_COMPILER WORK_DIR" >&2; exit 2; }
TOOL=$1
CC=$2
WORK=$3/test_sign_tool.d

UUID=8aaaf200-2450-11e4-abe2-0002a5d5c51b
OTHER=11111111-2222-3333-4444-555555555555

rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK"

fail() {
	echo "FAIL: $*" >&2
	for f in out.txt err.txt; do
		[ -s $f ] && { echo "--- $f:" >&2; cat $f >&2; }
	done
	exit 1
}
# run CMD...: must succeed; stdout in out.txt, stderr in err.txt
run() {
	"$@" >out.txt 2>err.txt || fail "failed ($?): $*"
}
# refuse STATUS CMD...: must exit with STATUS and say why on one line
refuse() {
	want=$1
	shift
	set +e
	"$@" >out.txt 2>err.txt
	got=$?
	set -e
	[ $got -eq "$want" ] || fail "exit $got, expected $want: $*"
	[ -s err.txt ] || fail "no error message: $*"
	[ "$(wc -l <err.txt)" -eq 1 ] || fail "error is not one line: $*"
}
expect_out() {
	[ "$(cat out.txt)" = "$1" ] || fail "stdout is '$(cat out.txt)', expected '$1'"
}
expect_err() {
	grep -q -- "$1" err.txt || fail "stderr lacks '$1'"
}
# flip_byte FILE OFFSET: change one byte in place
flip_byte() {
	b=$(od -An -tu1 -j "$2" -N1 "$1" | tr -d ' ')
	printf "\\$(printf %03o $(((b + 1) % 256)))" |
		dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}
size_of() {
	wc -c <"$1" | tr -d ' '
}

# A TA-like ELF: struct ta_head (uuid, stack_size, flags, entry) in
# .ta_head, as the TA SDK lays it out.
cat >ta_head.h <<'EOF'
struct test_uuid {
	unsigned int time_low;
	unsigned short time_mid, time_hi;
	unsigned char clock_seq_and_node[8];
};
struct test_ta_head {
	struct test_uuid uuid;
	unsigned int stack_size, flags;
	unsigned long long entry;
};
__attribute__((section(".ta_head"), used))
const struct test_ta_head ta_head = {
	{ 0x8aaaf200, 0x2450, 0x11e4,
	  { 0xab, 0xe2, 0x00, 0x02, 0xa5, 0xd5, 0xc5, 0x1b } },
	4096, 0, 0
};
EOF
printf '#include "ta_head.h"\nint main(void) { return 0; }\n' >ta.c
printf 'int main(void) { return 0; }\n' >plain.c
"$CC" -o ta.elf ta.c || fail "cannot build ta.elf with $CC"
"$CC" -o plain.elf plain.c || fail "cannot build plain.elf with $CC"

# --- usage ---
run "$TOOL" --help
grep -q '^usage: teebox-sign' out.txt || fail "--help prints no usage"
run "$TOOL" sign --help
refuse 2 "$TOOL"
refuse 2 "$TOOL" frobnicate
refuse 2 "$TOOL" sign --key k --in i
expect_err "needs --out"
refuse 2 "$TOOL" info --in x --bits 2048
refuse 2 "$TOOL" info --nonsense

# --- keygen ---
run "$TOOL" keygen --out key.pem --bits 2048
[ "$(stat -c %a key.pem)" = 600 ] || fail "key.pem is not mode 0600"
grep -q -- '-----BEGIN PRIVATE KEY-----' key.pem || fail "key.pem is not PKCS#8"
cp key.pem key.pem.orig
refuse 1 "$TOOL" keygen --out key.pem --bits 2048
expect_err "already exists"
cmp -s key.pem key.pem.orig || fail "keygen replaced an existing key"
refuse 2 "$TOOL" keygen --out small.pem --bits 1024
[ ! -e small.pem ] || fail "keygen left a file behind"
run "$TOOL" keygen --out other.pem --bits 2048

# --- pubkey ---
run "$TOOL" pubkey --key key.pem --out pub.c --symbol test_pubkey_der
grep -q 'const unsigned char test_pubkey_der\[\]' pub.c || fail "pub.c lacks the array"
grep -q 'const unsigned int test_pubkey_der_len = [0-9]*;' pub.c || fail "pub.c lacks the length"
"$CC" -Wall -Wextra -Werror -c pub.c -o pub.o || fail "pub.c does not compile"
refuse 2 "$TOOL" pubkey --key key.pem --out bad.c --symbol 1nope
refuse 1 "$TOOL" pubkey --key missing.pem --out bad.c --symbol ok

# --- sign without --uuid: the UUID comes from .ta_head ---
mkdir out
run "$TOOL" sign --key key.pem --in ta.elf --out out
[ "$(ls out)" = "$UUID.ta" ] || fail "signed file is '$(ls out)', expected $UUID.ta"
TA=out/$UUID.ta
ELF_SIZE=$(size_of ta.elf)
# shdr (20) + hash (32) + sig (256) + uuid and version (20) + ELF
[ "$(size_of $TA)" -eq $((328 + ELF_SIZE)) ] || fail "unexpected image size"
tail -c "$ELF_SIZE" $TA | cmp -s - ta.elf || fail "the payload is not the ELF"

run "$TOOL" verify --key key.pem --in $TA
expect_out "OK $UUID version 0 payload $ELF_SIZE"
run "$TOOL" verify --key key.pem --in $TA --uuid $UUID
expect_out "OK $UUID version 0 payload $ELF_SIZE"
refuse 1 "$TOOL" verify --key key.pem --in $TA --uuid $OTHER
expect_err "UUID mismatch"
refuse 1 "$TOOL" verify --key other.pem --in $TA
expect_err "signature mismatch"
refuse 2 "$TOOL" verify --in $TA

run "$TOOL" info --in $TA
grep -q "^uuid: *$UUID\$" out.txt || fail "info shows no UUID"
grep -q '^img_type: *1 (BOOTSTRAP_TA)$' out.txt || fail "info: img_type"
grep -q '^algo: *0x70414930 ' out.txt || fail "info: algo"
grep -q "^img_size: *$ELF_SIZE\$" out.txt || fail "info: img_size"

# The public key alone, as DER, verifies too.
if command -v openssl >/dev/null 2>&1; then
	openssl pkey -in key.pem -pubout -outform DER -out pub.der 2>/dev/null
	run "$TOOL" verify --pubkey-der pub.der --in $TA
	expect_out "OK $UUID version 0 payload $ELF_SIZE"
fi

# --- tampering: header, hash, signature, UUID, payload ---
for off in 8 20 100 308 $(($(size_of $TA) - 1)); do
	cp $TA bad.ta
	flip_byte bad.ta $off
	cmp -s bad.ta $TA && fail "flip_byte did nothing"
	refuse 1 "$TOOL" verify --key key.pem --in bad.ta --uuid $UUID
	expect_err "0xffff000f"
done
head -c $(($(size_of $TA) - 1)) $TA >short.ta
refuse 1 "$TOOL" verify --key key.pem --in short.ta
expect_err "TEE_ERROR_SECURITY"

# --- --uuid and .ta_head ---
refuse 1 "$TOOL" sign --key key.pem --in ta.elf --out x.ta --uuid $OTHER
expect_err "differs"
[ ! -e x.ta ] || fail "a refused sign left x.ta behind"
run "$TOOL" sign --key key.pem --in ta.elf --out same.ta --uuid $UUID
cmp -s same.ta $TA && fail "two PSS signatures are identical (salt not random?)"
run "$TOOL" verify --key key.pem --in same.ta
refuse 1 "$TOOL" sign --key key.pem --in plain.elf --out out
expect_err "no .ta_head"
run "$TOOL" sign --key key.pem --in plain.elf --out out --uuid $OTHER
[ -f out/$OTHER.ta ] || fail "--uuid did not name the file"
run "$TOOL" verify --key key.pem --in out/$OTHER.ta
expect_out "OK $OTHER version 0 payload $(size_of plain.elf)"
refuse 1 "$TOOL" sign --key key.pem --in key.pem --out x.ta --uuid $UUID
expect_err "not an ELF"
head -c 100 ta.elf >cut.elf
refuse 1 "$TOOL" sign --key key.pem --in cut.elf --out x.ta
refuse 2 "$TOOL" sign --key key.pem --in ta.elf --out x.ta --uuid not-a-uuid
# --uuid is read as OP-TEE's sign_encrypt.py reads it (Python's
# uuid.UUID()): dashes anywhere, braces, urn:uuid:.  optee_test's
# ta/aes_perf/Makefile once had BINARY = e626662e-c0e2-485c-b8c809fbce6edf3d.
ODD=$(echo $UUID | sed 's/-\([0-9a-f]*\)$/\1/')
run "$TOOL" sign --key key.pem --in ta.elf --out odd.ta --uuid $ODD
run "$TOOL" verify --key key.pem --in odd.ta --uuid $UUID
run "$TOOL" sign --key key.pem --in ta.elf --out odd.ta --uuid "urn:uuid:{$UUID}"
run "$TOOL" sign --key key.pem --in ta.elf --out odd.ta \
	--uuid "$(echo $UUID | tr -d - | tr a-f A-F)"
refuse 1 "$TOOL" sign --key key.pem --in ta.elf --out x.ta --uuid ${OTHER}-
refuse 2 "$TOOL" sign --key key.pem --in ta.elf --out x.ta --uuid ${UUID}0
refuse 2 "$TOOL" sign --key key.pem --in ta.elf --out x.ta \
	--uuid "$(echo $UUID | cut -c2-)"
refuse 2 "$TOOL" sign --key key.pem --in ta.elf --out x.ta --uuid "${UUID%?}g"

# --- options ---
run "$TOOL" sign --key key.pem --in ta.elf --out v.ta --ta-version 7 --algo pkcs1
run "$TOOL" verify --key key.pem --in v.ta
expect_out "OK $UUID version 7 payload $ELF_SIZE"
run "$TOOL" info --in v.ta
grep -q '^algo: *0x70004830 ' out.txt || fail "--algo pkcs1 not used"
refuse 2 "$TOOL" sign --key key.pem --in ta.elf --out v.ta --algo sha1
refuse 2 "$TOOL" sign --key key.pem --in ta.elf --out v.ta --ta-version -1

# --- subkeys (OP-TEE's sign_encrypt.py sign-subkey / subkey-uuid) ---
# optee_test's chain: top-level subkey f04fa996-... (max depth 4, name
# size 64), "mid_level_subkey" below it, "subkey1_ta" below that.  The
# UUIDs are those sign_encrypt.py subkey-uuid prints for them.
TOP=f04fa996-148a-453c-b037-1dcfbad120a6
MID=1a5948c5-1aa0-518c-86f4-be6f6a057b16
SUBKEY1_TA=5c206987-16a3-59cc-ab0f-64b9cfc9e758
run "$TOOL" keygen --out top.pem --bits 2048
run "$TOOL" keygen --out mid.pem --bits 2048
run "$TOOL" sign-subkey --uuid $TOP --key key.pem --in top.pem \
	--out top.bin --max-depth 4 --name-size 64 --subkey-version 1
run "$TOOL" subkey-uuid --in top.bin --name mid_level_subkey
expect_out "Subkey UUID: $TOP
Next subkey UUID: $MID"
run "$TOOL" subkey-uuid --in top.bin
expect_out "Subkey UUID: $TOP
Next subkey UUID unchanged: $TOP"
# Below the top subkey: only the UUID its name gives, a smaller max depth.
refuse 1 "$TOOL" sign-subkey --uuid $OTHER --key top.pem --subkey top.bin \
	--name mid_level_subkey --name-size 64 --in mid.pem --out mid.bin
expect_err "outside the namespace of top.bin"
refuse 1 "$TOOL" sign-subkey --uuid $MID --key top.pem --subkey top.bin \
	--name mid_level_subkey --name-size 64 --in mid.pem --out mid.bin \
	--max-depth 4
expect_err "must be below 4"
refuse 1 "$TOOL" subkey-uuid --in top.bin \
	--name "$(printf '%065d' 0)"
run "$TOOL" sign-subkey --uuid $MID --key top.pem --subkey top.bin \
	--name mid_level_subkey --name-size 64 --in mid.pem --out mid.bin
run "$TOOL" subkey-uuid --in mid.bin --name subkey1_ta
expect_out "Subkey UUID: $TOP
Subkey UUID: $MID
Next subkey UUID: $SUBKEY1_TA"
# A TA under the chain: its UUID must be the one "subkey1_ta" gives.
refuse 1 "$TOOL" sign --key mid.pem --subkey mid.bin --name subkey1_ta \
	--in ta.elf --out s.ta
expect_err "allows $SUBKEY1_TA only"
# ta.elf's .ta_head says $UUID: use an identity subkey of it instead.
run "$TOOL" sign-subkey --uuid $UUID --key key.pem --in top.pem \
	--out id.bin --name-size 0
run "$TOOL" sign --key top.pem --subkey id.bin --in ta.elf --out id.ta
run "$TOOL" verify --key key.pem --in id.ta
expect_out "OK $UUID version 0 payload $ELF_SIZE subkeys 1"
run "$TOOL" info --in id.ta
grep -q '^subkeys: *1 ' out.txt || fail "info does not show the subkey"
# Not under another root key; not with the subkey's own key as the root.
refuse 1 "$TOOL" verify --key mid.pem --in id.ta
refuse 1 "$TOOL" verify --key top.pem --in id.ta
refuse 2 "$TOOL" sign --key top.pem --name x --in ta.elf --out x.ta
refuse 2 "$TOOL" sign-subkey --key key.pem --in top.pem --out x.bin \
	--uuid $UUID

# --- encrypted TAs (sign_encrypt.py --enc-key / --enc-key-type) ---
EK=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
run "$TOOL" sign --key key.pem --in ta.elf --out e.ta --enc-key $EK \
	--enc-key-type SHDR_ENC_KEY_CLASS_WIDE
refuse 1 "$TOOL" verify --key key.pem --in e.ta
expect_err "encrypted TA and no TA encryption key"
refuse 1 "$TOOL" verify --key key.pem --in e.ta --enc-key "$(echo $EK | tr 0 f)"
expect_err "decryption failed"
run "$TOOL" verify --key key.pem --in e.ta --enc-key $EK
expect_out "OK $UUID version 0 payload $ELF_SIZE encrypted"
run "$TOOL" info --in e.ta
grep -q '^flags: *0x1 (CLASS_WIDE)' out.txt || fail "info: no key type"
grep -q '^enc_algo: *0x40000810' out.txt || fail "info: no enc_algo"
# Under an identity subkey too.
run "$TOOL" sign --key top.pem --subkey id.bin --in ta.elf --out se.ta \
	--enc-key $EK
run "$TOOL" verify --key key.pem --in se.ta --enc-key $EK
expect_out "OK $UUID version 0 payload $ELF_SIZE subkeys 1 encrypted"
refuse 2 "$TOOL" sign --key key.pem --in ta.elf --out x.ta --enc-key ${EK%?}
refuse 2 "$TOOL" sign --key key.pem --in ta.elf --out x.ta --enc-key $EK \
	--enc-key-type SHDR_ENC_KEY_OTHER
refuse 2 "$TOOL" sign --key key.pem --in ta.elf --out x.ta \
	--enc-key-type SHDR_ENC_KEY_CLASS_WIDE
# ta-enc-key: HMAC-SHA-256(HUK, u32 LE 4 || modulus), computed here from
# the modulus openssl prints.
printf '0123456789abcdef' >huk.bin
MOD=$(openssl rsa -in key.pem -noout -modulus 2>/dev/null | cut -d= -f2)
WANT=$(python3 -c 'import hmac, sys
print(hmac.new(b"0123456789abcdef", b"\x04\0\0\0" + bytes.fromhex(sys.argv[1]),
               "sha256").hexdigest())' "$MOD")
run "$TOOL" ta-enc-key --key key.pem --huk huk.bin
expect_out "$WANT"
refuse 1 "$TOOL" ta-enc-key --key key.pem --huk key.pem

# --- every ELF flavour (needs clang as a cross compiler for objects) ---
if command -v clang >/dev/null 2>&1; then
	printf '#include "ta_head.h"\n' >head_only.c
	for target in x86_64-linux-gnu aarch64-linux-gnu i386-linux-gnu \
		      arm-linux-gnueabihf mips-linux-gnu powerpc64-linux-gnu; do
		if ! clang --target=$target -c head_only.c -o $target.o \
			2>/dev/null; then
			echo "skipping $target: clang cannot target it"
			continue
		fi
		rm -rf elfout && mkdir elfout
		run "$TOOL" sign --key key.pem --in $target.o --out elfout
		[ -f elfout/$UUID.ta ] || fail "$target: wrong UUID from .ta_head ($(ls elfout))"
		run "$TOOL" verify --key key.pem --in elfout/$UUID.ta
	done
fi

echo "test_sign_tool: all passed"
