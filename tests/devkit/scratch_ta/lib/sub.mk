srcs-y += helper.c
# For this directory only: scratch_ta.c must not see it.
cflags-y += -DSCRATCH_DIR_FLAG=5
# With CFG_SCRATCH_GEN=y, two sources generated as OP-TEE's gensrcs-y
# makes them, in this directory's output directory: a header made before
# anything is compiled (force-gensrc-) and a C file made from
# gen_value.txt, compiled with this directory's flags and its own.
gensrcs-$(CFG_SCRATCH_GEN) += scratch-gen-h scratch-gen-c
produce-scratch-gen-h = scratch_gen.h
force-gensrc-scratch-gen-h = y
recipe-scratch-gen-h := printf '\#define SCRATCH_GEN_FACTOR 3\nint scratch_gen_value(void);\n' >$(sub-dir-out)/scratch_gen.h
produce-scratch-gen-c = scratch_gen.c
depends-scratch-gen-c := $(sub-dir)/gen_value.txt
recipe-scratch-gen-c := printf '\#include <scratch_gen.h>\nint scratch_gen_value(void) { return SCRATCH_GEN_FACTOR * %s + SCRATCH_GEN_ADD + SCRATCH_DIR_FLAG; }\n' "$$(cat $(sub-dir)/gen_value.txt)" >$(sub-dir-out)/scratch_gen.c
cflags-scratch-gen-c-y += -DSCRATCH_GEN_ADD=4
