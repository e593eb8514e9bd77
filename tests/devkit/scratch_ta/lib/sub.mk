srcs-y += helper.c
# For this directory only: scratch_ta.c must not see it.
cflags-y += -DSCRATCH_DIR_FLAG=5
