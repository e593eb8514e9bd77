// SPDX-License-Identifier: BSD-2-Clause
/*
 * The core's session helpers (drivers/tee/tee_session.c) that the OP-TEE
 * and loopback drivers share: find a session by id, and unlink it under
 * the list's lock as a close does.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <linux/tee_drv.h>

#include "kernel/sync.h"

/**
 * struct drv_session - a driver's session embedding the core's node
 * @login:	something of the driver's own
 * @node:	what the helpers see, not first in the struct
 */
struct drv_session {
	u32 login;
	struct tee_session_node node;
};

struct fx {
	struct mutex lock;
	struct list_head sessions;
	struct drv_session s[3];
};

static void fx_init(struct fx *fx)
{
	mutex_init(&fx->lock);
	INIT_LIST_HEAD(&fx->sessions);
	for (u32 i = 0; i < 3; i++) {
		fx->s[i].login = 100 + i;
		fx->s[i].node.id = i + 1;
		list_add_tail(&fx->s[i].node.link, &fx->sessions);
	}
}

static void test_tee_session_find__by_id_or_null(void **state)
{
	struct fx fx;
	struct tee_session_node *node;

	fx_init(&fx);
	node = tee_session_find(&fx.sessions, 2);
	assert_ptr_equal(node, &fx.s[1].node);
	assert_int_equal(container_of(node, struct drv_session, node)->login,
			 101);
	assert_null(tee_session_find(&fx.sessions, 0));
	assert_null(tee_session_find(&fx.sessions, 4));
	/* Finding leaves the list as it was. */
	assert_int_equal(list_count(&fx.sessions), 3);
	mutex_destroy(&fx.lock);
}

static void test_tee_session_unlink__takes_it_off_once(void **state)
{
	struct fx fx;

	fx_init(&fx);
	assert_ptr_equal(tee_session_unlink(&fx.lock, &fx.sessions, 1),
			 &fx.s[0].node);
	assert_int_equal(list_count(&fx.sessions), 2);
	assert_null(tee_session_find(&fx.sessions, 1));
	/* A second close of the same id finds nothing: -EINVAL. */
	assert_null(tee_session_unlink(&fx.lock, &fx.sessions, 1));
	assert_int_equal(list_count(&fx.sessions), 2);
	/* The others keep their order. */
	assert_ptr_equal(fx.sessions.next, &fx.s[1].node.link);
	assert_ptr_equal(fx.sessions.prev, &fx.s[2].node.link);
	/* The lock is free again. */
	assert_int_equal(pthread_mutex_trylock(&fx.lock.m), 0);
	mutex_unlock(&fx.lock);
	mutex_destroy(&fx.lock);
}

static void test_tee_session_unlink__empty_list_is_null(void **state)
{
	struct mutex lock;
	struct list_head sessions;

	mutex_init(&lock);
	INIT_LIST_HEAD(&sessions);
	assert_null(tee_session_unlink(&lock, &sessions, 1));
	mutex_destroy(&lock);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tee_session_find__by_id_or_null),
		cmocka_unit_test(test_tee_session_unlink__takes_it_off_once),
		cmocka_unit_test(test_tee_session_unlink__empty_list_is_null),
	};

	return cmocka_run_group_tests_name("tee_session", tests, NULL, NULL);
}
