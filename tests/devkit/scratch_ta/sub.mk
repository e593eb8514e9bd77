global-incdirs-y += include
srcs-y += scratch_ta.c
# For this file only: lib/helper.c must not see it.
cflags-scratch_ta.c-y += -DSCRATCH_FILE_FLAG=7
subdirs-y += lib
# A compiler probe as OP-TEE TAs write them, with the dev kit's
# $(CC$(sm)): the number that comes out is the TA's report's probe=.
scratch-probe := $(shell echo SCRATCH_PROBE_IN | $(CC$(sm)) -E -P -DSCRATCH_PROBE_IN=6 -)
cppflags-y += -DSCRATCH_PROBE=$(if $(scratch-probe),$(scratch-probe),0)
