srcs-y += os_test_lib_user.c
