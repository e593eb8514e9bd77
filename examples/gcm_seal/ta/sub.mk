global-incdirs-y += include
srcs-y += gcm_seal_ta.c
