global-incdirs-y += include
srcs-y += fido_signer_ta.c
