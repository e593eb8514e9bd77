// SPDX-License-Identifier: BSD-2-Clause
/*
 * The reports of the control endpoint; see report.h.
 *
 * Contexts come from the device endpoints' connections, visited under
 * each endpoint's lock (endpoint_for_each_context()), so a context is
 * open while it is looked at.  What a device is and which sessions a
 * context has, its driver tells through its tee_diag_ops (read under the
 * driver's lock, never waiting for a call in flight); shared memory is the
 * core's list of each context (tee_shm_for_each()).  Nothing here knows a
 * driver by name, nor calls into the secure world.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tbx/uuid.h>

#include "endpoint.h"
#include "report.h"
#include "teebox/tee_host.h"

/**
 * struct ta_entry - the sessions of one TA on one device (tas)
 * @teedev:	the device
 * @uuid:	the TA's UUID
 * @service:	what the driver calls the sessions' peer, or NULL
 * @sessions:	sessions open with it
 * @contexts:	contexts holding them
 * @last_ctx:	the context that added the last session
 */
struct ta_entry {
	struct tee_device *teedev;
	u8 uuid[TEE_IOCTL_UUID_LEN];
	const char *service;
	unsigned int sessions;
	unsigned int contexts;
	struct tee_context *last_ctx;
};

/**
 * struct report - a report being written
 * @view:	what it is made from
 * @json:	JSON, else text
 * @buf:	the text so far (NUL-terminated when not empty)
 * @len:	its length
 * @cap:	bytes allocated
 * @oom:	an allocation failed: the report is lost
 * @nitems:	items written in the current JSON array (commas), or
 *		lines of a text table
 * @nsub:	the same for a nested array
 * @total:	bytes of shared memory reported
 * @tas:	TAs found (tas)
 * @ntas:	entries used in @tas
 */
struct report {
	const struct control_view *view;
	bool json;
	char *buf;
	size_t len;
	size_t cap;
	bool oom;
	unsigned int nitems;
	unsigned int nsub;
	size_t total;
	struct ta_entry *tas;
	size_t ntas;
};

static void put(struct report *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void put(struct report *r, const char *fmt, ...)
{
	va_list ap;
	size_t room, cap;
	char *p;
	int n;

	while (!r->oom) {
		room = r->cap - r->len;
		va_start(ap, fmt);
		n = vsnprintf(r->buf ? r->buf + r->len : NULL, room, fmt, ap);
		va_end(ap);
		if (n < 0) {
			r->oom = true;
		} else if ((size_t)n < room) {
			r->len += (size_t)n;
			return;
		} else {
			cap = r->len + (size_t)n + 1;
			cap = cap < 2 * r->cap ? 2 * r->cap : cap;
			cap = cap < 1024 ? 1024 : cap;
			p = realloc(r->buf, cap);
			if (!p)
				r->oom = true;
			else
				r->buf = p, r->cap = cap;
		}
	}
}

/* A JSON string: quoted, with quotes, backslashes and controls escaped. */
static void put_json_str(struct report *r, const char *s)
{
	put(r, "\"");
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			put(r, "\\%c", ch);
		else if (ch < 0x20 || ch == 0x7f)
			put(r, "\\u%04x", ch);
		else
			put(r, "%c", ch);
	}
	put(r, "\"");
}

/* A comma before every item of a JSON array but the first. */
static void json_sep(struct report *r, unsigned int *n)
{
	if ((*n)++)
		put(r, ",");
}

static const char *login_name(u32 login, char buf[16])
{
	switch (login) {
	case TEE_IOCTL_LOGIN_PUBLIC:
		return "public";
	case TEE_IOCTL_LOGIN_USER:
		return "user";
	case TEE_IOCTL_LOGIN_GROUP:
		return "group";
	case TEE_IOCTL_LOGIN_APPLICATION:
		return "application";
	case TEE_IOCTL_LOGIN_USER_APPLICATION:
		return "user_application";
	case TEE_IOCTL_LOGIN_GROUP_APPLICATION:
		return "group_application";
	default:
		snprintf(buf, 16, "0x%x", login);
		return buf;
	}
}

/*
 * The name of an implementation id mainline assigns, for a driver that
 * does not name its own (tee_diag_device.impl_name).
 */
static const char *impl_name(const struct tee_diag_device *info, u32 impl_id)
{
	if (info->impl_name)
		return info->impl_name;
	switch (impl_id) {
	case TEE_IMPL_ID_OPTEE:
		return "OP-TEE";
	case 2:
		return "AMD-TEE";
	case 3:
		return "TS-TEE";
	case 4:
		return "QTEE";
	default:
		return "unknown";
	}
}

static const char *driver_name(const struct tee_diag_device *info)
{
	return info->driver ? info->driver : "unknown";
}

/* ---- info ---- */

static void put_gen_caps(struct report *r, u32 caps)
{
	static const struct {
		u32 bit;
		const char *name;
	} names[] = {
		{TEE_GEN_CAP_GP, "GP"},
		{TEE_GEN_CAP_PRIVILEGED, "PRIVILEGED"},
		{TEE_GEN_CAP_REG_MEM, "REG_MEM"},
		{TEE_GEN_CAP_MEMREF_NULL, "MEMREF_NULL"},
		{TEE_GEN_CAP_OBJREF, "OBJREF"},
	};
	const char *sep = "";

	put(r, "0x%x (", caps);
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		if (caps & names[i].bit) {
			put(r, "%s%s", sep, names[i].name);
			sep = " ";
		}
	}
	put(r, ")");
}

/* The driver's own facts of a device: members, or a line of text. */
static void put_props(struct report *r, const struct tee_diag_device *info)
{
	unsigned int n = min_t(unsigned int, info->nprops, TEE_DIAG_MAX_PROPS);

	for (unsigned int i = 0; i < n; i++) {
		const struct tee_diag_prop *p = &info->props[i];

		if (r->json) {
			put(r, ",");
			put_json_str(r, p->key);
			put(r, ":");
			if (p->str)
				put_json_str(r, p->str);
			else
				put(r, "%u", p->num);
			continue;
		}
		put(r, "%s%s ", i ? ", " : "  ", p->label);
		if (p->str)
			put(r, "%s", p->str);
		else
			put(r, "%u", p->num);
	}
	if (!r->json && n)
		put(r, "\n");
}

static int info_device(struct tee_device *teedev, void *arg)
{
	struct report *r = arg;
	const char *name = tee_device_name(teedev);
	bool priv = tee_device_id(teedev) >= 16;
	struct tee_ioctl_version_data vers;
	struct tee_diag_device info;
	char rev[TEE_ATTR_MAX_LEN];
	int n;

	tee_device_get_version(teedev, &vers);
	tee_device_describe(teedev, &info);
	n = tee_device_attr_show(teedev, "revision", rev, sizeof(rev));
	if (n > 0 && rev[n - 1] == '\n')
		rev[n - 1] = '\0';
	else if (n <= 0)
		rev[0] = '\0';

	if (r->json) {
		json_sep(r, &r->nitems);
		put(r, "{\"name\":");
		put_json_str(r, name);
		put(r, ",\"driver\":");
		put_json_str(r, driver_name(&info));
		put(r, ",\"privileged\":%s", priv ? "true" : "false");
		put(r, ",\"implementation_id\":%u,\"revision\":", vers.impl_id);
		if (rev[0])
			put_json_str(r, rev);
		else
			put(r, "null");
		put(r, ",\"impl_caps\":%u,\"gen_caps\":%u", vers.impl_caps,
		    vers.gen_caps);
		put_props(r, &info);
		put(r, "}");
		return 0;
	}
	put(r, "%s: %s%s, implementation_id %u (%s), revision %s\n", name,
	    driver_name(&info), priv ? ", privileged" : "", vers.impl_id,
	    impl_name(&info, vers.impl_id), rev[0] ? rev : "-");
	put(r, "  gen_caps ");
	put_gen_caps(r, vers.gen_caps);
	put(r, ", impl_caps 0x%x\n", vers.impl_caps);
	put_props(r, &info);
	return 0;
}

static void report_info(struct report *r)
{
	if (r->json)
		put(r, "{\"devices\":[");
	tee_class_for_each(info_device, r);
	if (r->json)
		put(r, "]}\n");
	else if (!r->len)
		put(r, "no TEE devices\n");
}

/* ---- sessions, as the drivers keep them ---- */

typedef void (*sess_fn)(struct report *r, struct tee_context *ctx,
			const struct tee_diag_session *s);

/**
 * struct sess_visit - a context's sessions being visited
 * @r:		the report
 * @ctx:	the context
 * @fn:		what to do with each session
 */
struct sess_visit {
	struct report *r;
	struct tee_context *ctx;
	sess_fn fn;
};

static int visit_session(const struct tee_diag_session *s, void *arg)
{
	struct sess_visit *sv = arg;

	sv->fn(sv->r, sv->ctx, s);
	return 0;
}

/* Calls @fn for each session of @ctx (which is open). */
static void for_each_session(struct report *r, struct tee_context *ctx,
			     sess_fn fn)
{
	struct sess_visit sv = {.r = r, .ctx = ctx, .fn = fn};

	tee_context_for_each_session(ctx, visit_session, &sv);
}

typedef int (*ctx_fn)(struct tee_context *ctx, const struct tee_cred *cred,
		      void *arg);

static void for_each_context(struct report *r, ctx_fn fn)
{
	for (unsigned int i = 0; i < r->view->nendpoints; i++)
		endpoint_for_each_context(r->view->endpoints[i], fn, r);
}

/* ---- sessions ---- */

static void put_session(struct report *r, struct tee_context *ctx,
			const struct tee_diag_session *s)
{
	char uuid[37], lbuf[16];
	const char *login = login_name(s->login, lbuf);

	tbx_uuid_octets_to_str(uuid, s->uuid);
	if (r->json) {
		json_sep(r, &r->nsub);
		put(r, "{\"id\":%u,\"ta\":\"%s\",\"login\":\"%s\"", s->id, uuid,
		    login);
		if (s->service) {
			put(r, ",\"service\":");
			put_json_str(r, s->service);
		}
		put(r, "}");
		return;
	}
	r->nsub++;
	put(r, "  session %u  ta %s  login %s", s->id, uuid, login);
	if (s->service)
		put(r, "  (%s)", s->service);
	put(r, "\n");
}

static int sessions_context(struct tee_context *ctx,
			    const struct tee_cred *cred, void *arg)
{
	struct report *r = arg;
	const char *name = tee_device_name(ctx->teedev);
	struct report lines = {0};

	if (r->json) {
		json_sep(r, &r->nitems);
		put(r,
		    "{\"device\":\"%s\",\"pid\":%d,\"uid\":%u,\"sessions\":[",
		    name, (int)cred->pid, (unsigned int)cred->euid);
		r->nsub = 0;
		for_each_session(r, ctx, put_session);
		put(r, "]}");
		return 0;
	}
	/* The lines first, in one pass, so that the count matches them. */
	lines.view = r->view;
	for_each_session(&lines, ctx, put_session);
	put(r, "%s pid %d uid %u: ", name, (int)cred->pid,
	    (unsigned int)cred->euid);
	if (lines.nsub)
		put(r, "%u session%s\n%s", lines.nsub,
		    lines.nsub == 1 ? "" : "s", lines.buf ? lines.buf : "");
	else
		put(r, "no sessions\n");
	r->oom |= lines.oom;
	free(lines.buf);
	return 0;
}

static void report_sessions(struct report *r)
{
	if (r->json)
		put(r, "{\"contexts\":[");
	for_each_context(r, sessions_context);
	if (r->json)
		put(r, "]}\n");
	else if (!r->len)
		put(r, "no open contexts\n");
}

/* ---- shm ---- */

/**
 * struct shm_visit - one context's shared memory being reported
 * @r:		the report
 * @device:	the context's device
 * @cred:	its owner
 */
struct shm_visit {
	struct report *r;
	const char *device;
	const struct tee_cred *cred;
};

static int put_shm(const struct tee_shm *shm, void *arg)
{
	struct shm_visit *sv = arg;
	struct report *r = sv->r;
	char flags[40];

	snprintf(flags, sizeof(flags), "%s%s%s",
		 shm->flags & TEE_SHM_MAPPED ? "mapped" : "",
		 shm->flags & TEE_SHM_DMA_BUF ? ",dma_buf" : "",
		 shm->flags & TEE_SHM_REGISTER ? ",registered" : "");
	if (r->json) {
		json_sep(r, &r->nitems);
		put(r,
		    "{\"device\":\"%s\",\"pid\":%d,\"uid\":%u,\"id\":%d,"
		    "\"size\":%zu,\"flags\":\"%s\"}",
		    sv->device, (int)sv->cred->pid,
		    (unsigned int)sv->cred->euid, shm->id, shm->size, flags);
	} else {
		if (!r->nitems++)
			put(r, "%-9s %-8s %-8s %-6s %-10s %s\n", "DEVICE",
			    "PID", "UID", "ID", "SIZE", "FLAGS");
		put(r, "%-9s %-8d %-8u %-6d %-10zu %s\n", sv->device,
		    (int)sv->cred->pid, (unsigned int)sv->cred->euid, shm->id,
		    shm->size, flags);
		r->total += shm->size;
	}
	return 0;
}

static int shm_context(struct tee_context *ctx, const struct tee_cred *cred,
		       void *arg)
{
	struct shm_visit sv = {
		.r = arg, .device = tee_device_name(ctx->teedev), .cred = cred};

	tee_shm_for_each(ctx, put_shm, &sv);
	return 0;
}

static void report_shm(struct report *r)
{
	if (r->json)
		put(r, "{\"shm\":[");
	for_each_context(r, shm_context);
	if (r->json)
		put(r, "]}\n");
	else if (!r->nitems)
		put(r, "no shared memory held by open contexts\n");
	else
		put(r, "%u object%s, %zu bytes\n", r->nitems,
		    r->nitems == 1 ? "" : "s", r->total);
}

/* ---- tas ---- */

static void tas_session(struct report *r, struct tee_context *ctx,
			const struct tee_diag_session *s)
{
	struct ta_entry *e = NULL;

	for (size_t i = 0; i < r->ntas && !e; i++)
		if (r->tas[i].teedev == ctx->teedev &&
		    !memcmp(r->tas[i].uuid, s->uuid, TEE_IOCTL_UUID_LEN))
			e = &r->tas[i];
	if (!e) {
		struct ta_entry *tas;

		tas = realloc(r->tas, (r->ntas + 1) * sizeof(*tas));
		if (!tas) {
			r->oom = true;
			return;
		}
		r->tas = tas;
		e = &tas[r->ntas++];
		memset(e, 0, sizeof(*e));
		e->teedev = ctx->teedev;
		memcpy(e->uuid, s->uuid, TEE_IOCTL_UUID_LEN);
		e->service = s->service;
	}
	e->sessions++;
	if (e->last_ctx != ctx) {
		e->contexts++;
		e->last_ctx = ctx;
	}
}

static int tas_context(struct tee_context *ctx, const struct tee_cred *cred,
		       void *arg)
{
	for_each_session(arg, ctx, tas_session);
	return 0;
}

static void report_tas(struct report *r)
{
	char uuid[37];

	for_each_context(r, tas_context);
	if (r->json)
		put(r, "{\"scope\":\"normal world\",\"tas\":[");
	else
		put(r, "TAs as seen by the normal world: the sessions teed "
		       "knows of, by TA.\n");
	if (!r->json && !r->ntas)
		put(r, "no sessions open\n");
	else if (!r->json)
		put(r, "%-36s  %-9s %-9s %s\n", "TA", "DEVICE", "SESSIONS",
		    "CONTEXTS");
	for (size_t i = 0; i < r->ntas; i++) {
		const struct ta_entry *e = &r->tas[i];
		const char *dev = tee_device_name(e->teedev);

		tbx_uuid_octets_to_str(uuid, e->uuid);
		if (r->json) {
			json_sep(r, &r->nitems);
			put(r,
			    "{\"ta\":\"%s\",\"device\":\"%s\",\"sessions\":%u,"
			    "\"contexts\":%u",
			    uuid, dev, e->sessions, e->contexts);
			if (e->service) {
				put(r, ",\"service\":");
				put_json_str(r, e->service);
			}
			put(r, "}");
			continue;
		}
		put(r, "%-36s  %-9s %-9u %u", uuid, dev, e->sessions,
		    e->contexts);
		if (e->service)
			put(r, "  (%s)", e->service);
		put(r, "\n");
	}
	if (r->json)
		put(r, "]}\n");
}

char *report_build(const struct control_view *view, enum control_cmd cmd,
		   bool json)
{
	struct report r = {.view = view, .json = json};

	switch (cmd) {
	case CONTROL_INFO:
		report_info(&r);
		break;
	case CONTROL_SESSIONS:
		report_sessions(&r);
		break;
	case CONTROL_SHM:
		report_shm(&r);
		break;
	case CONTROL_TAS:
		report_tas(&r);
		break;
	}
	free(r.tas);
	if (r.oom) {
		free(r.buf);
		return NULL;
	}
	/* Every report writes something, so buf is allocated. */
	return r.buf;
}
