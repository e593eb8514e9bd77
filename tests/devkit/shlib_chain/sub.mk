srcs-y += chain.c
global-incdirs-y += include
