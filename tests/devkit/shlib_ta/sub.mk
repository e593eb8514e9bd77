srcs-y += shlib_ta.c
