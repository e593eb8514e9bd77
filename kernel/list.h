/* SPDX-License-Identifier: BSD-2-Clause */
/* Intrusive doubly linked lists with the kernel's names and semantics. */
#ifndef TEEBOX_KERNEL_LIST_H
#define TEEBOX_KERNEL_LIST_H

#include <stdbool.h>
#include "types.h"

struct list_head {
	struct list_head *next;
	struct list_head *prev;
};

#define LIST_HEAD_INIT(name)                                                   \
	{                                                                      \
		&(name), &(name)                                               \
	}

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	list->next = list;
	list->prev = list;
}

static inline void list_insert__(struct list_head *entry,
				 struct list_head *prev, struct list_head *next)
{
	next->prev = entry;
	entry->next = next;
	entry->prev = prev;
	prev->next = entry;
}

/* Adds @entry right after @head (stack order). */
static inline void list_add(struct list_head *entry, struct list_head *head)
{
	list_insert__(entry, head, head->next);
}

/* Adds @entry right before @head (queue order). */
static inline void list_add_tail(struct list_head *entry,
				 struct list_head *head)
{
	list_insert__(entry, head->prev, head);
}

/* Unlinks @entry and leaves it pointing at itself (safe to delete twice). */
static inline void list_del(struct list_head *entry)
{
	entry->next->prev = entry->prev;
	entry->prev->next = entry->next;
	INIT_LIST_HEAD(entry);
}

static inline bool list_empty(const struct list_head *head)
{
	return head->next == head;
}

static inline size_t list_count(const struct list_head *head)
{
	size_t n = 0;

	for (const struct list_head *p = head->next; p != head; p = p->next)
		n++;
	return n;
}

#define list_entry(ptr, type, member) container_of(ptr, type, member)

#define list_first_entry(head, type, member)                                   \
	list_entry((head)->next, type, member)

#define list_for_each_entry(pos, head, member)                                 \
	for (pos = list_entry((head)->next, __typeof__(*pos), member);         \
	     &pos->member != (head);                                           \
	     pos = list_entry(pos->member.next, __typeof__(*pos), member))

#define list_for_each_entry_safe(pos, n, head, member)                         \
	for (pos = list_entry((head)->next, __typeof__(*pos), member),         \
	    n = list_entry(pos->member.next, __typeof__(*pos), member);        \
	     &pos->member != (head);                                           \
	     pos = n, n = list_entry(n->member.next, __typeof__(*n), member))

#endif
