global-incdirs-y += include
srcs-y += keystore_ta.c
