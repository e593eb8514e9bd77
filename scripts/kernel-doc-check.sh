#!/bin/sh
# Fail on a malformed kernel-doc comment.
#
# The comments are parsed by the kernel's own scripts/kernel-doc, which
# Debian ships in linux-kbuild-<version> (scripts/deps.sh installs it).
# Every warning or error it gives fails the check but one: a parameter or
# member without an "@name:" line of its own, because the tree's one-line
# form "/** name() - what it does with @arg. */" names them in the text.
#
# On top of kernel-doc, what a function returns goes in a "Return:"
# section.  kernel-doc also takes "Returns:" as that header, and reads
# "Returns 0 or -errno." in the text as plain description, so both are
# refused here: the tree writes one form.
#
# Usage: scripts/kernel-doc-check.sh [FILE...]
#   Without FILEs, every *.c and *.h that git tracks.
#   KERNEL_DOC=/path/to/kernel-doc overrides where kernel-doc is found.
# Exit status: 0 clean, 1 a malformed comment (each one is printed),
# 2 kernel-doc not found or not runnable.
set -eu

find_kernel_doc() {
	if [ -n "${KERNEL_DOC:-}" ]; then
		echo "$KERNEL_DOC"
		return
	fi
	for kd in /usr/lib/linux-kbuild-*/scripts/kernel-doc \
		/usr/src/linux-headers-*/scripts/kernel-doc; do
		if [ -f "$kd" ]; then
			echo "$kd"
			return
		fi
	done
}

kd=$(find_kernel_doc)
if [ -z "$kd" ] || [ ! -f "$kd" ]; then
	echo "kernel-doc-check: the kernel's scripts/kernel-doc was not found;" \
		"install linux-kbuild (scripts/deps.sh test) or set KERNEL_DOC" >&2
	exit 2
fi

if [ $# -eq 0 ]; then
	cd "$(dirname "$0")/.."
	set -- $(git ls-files '*.c' '*.h')
fi

bad=0

# kernel-doc's own verdict, minus the undescribed-parameter warnings.
# Its exit status only counts warnings, so a parse error is found in
# the output; a failure to run at all is status 2.
if ! out=$(perl "$kd" -none "$@" 2>&1 >/dev/null); then
	case "$out" in
	*warning* | *error*) ;;
	*)
		printf '%s\n' "$out" >&2
		echo "kernel-doc-check: $kd did not run" >&2
		exit 2
		;;
	esac
fi
out=$(printf '%s\n' "$out" | grep -v -e 'not described in' -e '^$' || true)
if [ -n "$out" ]; then
	printf '%s\n' "$out"
	bad=1
fi

# The Return: form: in a /** comment, a sentence or line that starts
# with "Return" must be the "Return:" section header.
if ! perl -ne '
	$in = 1 if m{^\s*/\*\*(\s|$)};
	if ($in) {
		while (m{(?:^\s*(?:/\*\*|\*)\s*|[.;]\s+)(Returns?\b:?)}g) {
			next if $1 eq "Return:";
			print "$ARGV:$.: write \"Return:\" (kernel-doc section),",
			      " not \"$1\"\n";
			$bad = 1;
		}
		$in = 0 if m{\*/};
	}
	close ARGV if eof;
	END { exit($bad ? 1 : 0) }
' "$@"; then
	bad=1
fi

exit $bad
