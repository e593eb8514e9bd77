// SPDX-License-Identifier: BSD-2-Clause
/* The device tree teed boots with; see dt.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include "dt.h"
#include "kernel/log.h"

#define DT_BUILTIN_SIZE 4096
#define DT_MAX_SIZE	(1 << 20)

/* Writes the tree with libfdt's sequential writer. */
static int build(void *fdt)
{
	int rc = fdt_create(fdt, DT_BUILTIN_SIZE);

	rc = rc ?: fdt_finish_reservemap(fdt);
	rc = rc ?: fdt_begin_node(fdt, "");
	rc = rc ?: fdt_property_string(fdt, "compatible", "teebox,virt");
	rc = rc ?: fdt_property_u32(fdt, "#address-cells", 2);
	rc = rc ?: fdt_property_u32(fdt, "#size-cells", 2);
	rc = rc ?: fdt_begin_node(fdt, "firmware");
	rc = rc ?: fdt_begin_node(fdt, "optee");
	rc = rc ?: fdt_property_string(fdt, "compatible", "linaro,optee-tz");
	rc = rc ?: fdt_property_string(fdt, "method", "smc");
	rc = rc ?: fdt_end_node(fdt);
	rc = rc ?: fdt_end_node(fdt);
	rc = rc ?: fdt_end_node(fdt);
	rc = rc ?: fdt_finish(fdt);
	return rc;
}

void *dt_builtin(void)
{
	void *fdt = malloc(DT_BUILTIN_SIZE);

	if (fdt && build(fdt)) {
		free(fdt);
		fdt = NULL;
	}
	return fdt;
}

void *dt_load(const char *path)
{
	FILE *f = fopen(path, "rb");
	void *fdt = NULL;
	long size;

	if (!f) {
		pr_err("cannot open device tree %s: %s", path, strerror(errno));
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) <= 0 ||
	    size > DT_MAX_SIZE || fseek(f, 0, SEEK_SET))
		goto bad;
	fdt = malloc((size_t)size);
	if (!fdt || fread(fdt, 1, (size_t)size, f) != (size_t)size ||
	    fdt_check_header(fdt) || fdt_totalsize(fdt) > (size_t)size)
		goto bad;
	fclose(f);
	return fdt;
bad:
	pr_err("%s is not a flattened device tree", path);
	free(fdt);
	fclose(f);
	return NULL;
}
