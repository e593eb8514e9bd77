global-incdirs-y += include
srcs-y += scratch_ta.c
# For this file only: lib/helper.c must not see it.
cflags-scratch_ta.c-y += -DSCRATCH_FILE_FLAG=7
subdirs-y += lib
