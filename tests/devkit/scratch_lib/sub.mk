srcs-y += scratch_lib.c
# For this directory's sources: found as <scratch_lib_base.h>.
incdirs-y += include
# The dev kit's own warning flags can be taken away, as in OP-TEE: the
# source shadows a global on purpose, and the test builds with
# CFG_WERROR=y.
cflags-remove-y += -Wshadow
