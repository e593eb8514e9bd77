#!/bin/sh
# test_kernel_doc_check: scripts/kernel-doc-check.sh passes well-formed
# kernel-doc and fails, naming the line, on each kind of malformed comment
# it is there to catch.
#
# Usage: test_kernel_doc_check.sh CHECKER
set -u

checker=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failed=0

# expect NAME STATUS PATTERN: run the checker on $dir/NAME.c; it must exit
# with STATUS and, when PATTERN is not empty, print a line matching it.
expect() {
	out=$(sh "$checker" "$dir/$1.c" 2>&1)
	rc=$?
	if [ "$rc" -ne "$2" ]; then
		echo "FAIL $1: exit $rc, expected $2"
		printf '%s\n' "$out"
		failed=1
	elif [ -n "$3" ] && ! printf '%s\n' "$out" | grep -q -e "$3"; then
		echo "FAIL $1: no line matching '$3' in:"
		printf '%s\n' "$out"
		failed=1
	else
		echo "ok   $1"
	fi
}

cat >"$dir/well_formed_passes.c" <<'EOF'
/**
 * struct thing - a thing
 * @n:	how many
 */
struct thing {
	int n;
};

/** thing_init() - set @t up; the one-line form names @t in the text. */
void thing_init(struct thing *t);

/**
 * typedef thing_fn - called for each thing
 * @t:	the thing
 */
typedef int (*thing_fn)(struct thing *t);

/**
 * thing_count() - count the things
 * @t:	the things
 *
 * Return: how many, or -EINVAL.  Returning early is fine in the text.
 */
int thing_count(struct thing *t);
EOF
expect well_formed_passes 0 ""

cat >"$dir/returns_line_fails.c" <<'EOF'
/**
 * thing_count() - count the things
 * @t:	the things
 * Returns how many.
 */
int thing_count(struct thing *t);
EOF
expect returns_line_fails 1 'returns_line_fails.c:4: .*"Returns"'

cat >"$dir/returns_in_text_fails.c" <<'EOF'
/**
 * thing_count() - count the things in @t.  Returns how many.
 */
int thing_count(struct thing *t);
EOF
expect returns_in_text_fails 1 'returns_in_text_fails.c:2: .*"Returns"'

cat >"$dir/returns_colon_fails.c" <<'EOF'
/**
 * thing_count() - count the things
 * @t:	the things
 *
 * Returns: how many.
 */
int thing_count(struct thing *t);
EOF
expect returns_colon_fails 1 'returns_colon_fails.c:5: .*"Returns:"'

cat >"$dir/wrong_prototype_fails.c" <<'EOF'
/**
 * thing_count() - count the things
 * @t:	the things
 *
 * Return: how many.
 */
int thing_total(struct thing *t);
EOF
expect wrong_prototype_fails 1 'expecting prototype for thing_count'

cat >"$dir/excess_parameter_fails.c" <<'EOF'
/**
 * thing_count() - count the things
 * @t:	the things
 * @max: not a parameter
 *
 * Return: how many.
 */
int thing_count(struct thing *t);
EOF
expect excess_parameter_fails 1 "Excess function parameter 'max'"

cat >"$dir/struct_not_next_fails.c" <<'EOF'
/**
 * struct thing - a thing
 * @n:	how many
 */
#define THING_MAX 4
struct thing {
	int n;
};
EOF
expect struct_not_next_fails 1 'struct_not_next_fails.c:.*Cannot parse struct'

# Without kernel-doc the check cannot pass: it says so, with status 2.
out=$(KERNEL_DOC="$dir/none" sh "$checker" "$dir/well_formed_passes.c" 2>&1)
rc=$?
if [ "$rc" -ne 2 ] || ! printf '%s\n' "$out" | grep -q 'was not found'; then
	echo "FAIL missing_kernel_doc_is_status_2: exit $rc"
	printf '%s\n' "$out"
	failed=1
else
	echo "ok   missing_kernel_doc_is_status_2"
fi

exit $failed
