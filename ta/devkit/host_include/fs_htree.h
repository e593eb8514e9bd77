/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OP-TEE's <fs_htree.h> as its dev kit exports it to host programs
 * (export-ta_<arch>/host_include): the on-disk structs of a REE FS
 * hash-tree file (docs/storage.md), which teebox writes byte for byte
 * as OP-TEE does.  Test programs use the sizes to find and corrupt
 * fields of the files tee-supplicant keeps.
 *
 * Only the file format is here: the hash tree's functions run inside
 * the trusted OS (teebox's are in secure/fs_htree.h).
 */
#ifndef TEEBOX_DEVKIT_FS_HTREE_H
#define TEEBOX_DEVKIT_FS_HTREE_H

#include <tee_api_types.h>
#include <utee_defines.h>

#define TEE_FS_HTREE_HASH_SIZE TEE_SHA256_HASH_SIZE
#define TEE_FS_HTREE_IV_SIZE   16
#define TEE_FS_HTREE_FEK_SIZE  16
#define TEE_FS_HTREE_TAG_SIZE  16

/* A node of the tree: 66 bytes on disk. */
struct tee_fs_htree_node_image {
	uint8_t hash[TEE_FS_HTREE_HASH_SIZE];
	uint8_t iv[TEE_FS_HTREE_IV_SIZE];
	uint8_t tag[TEE_FS_HTREE_TAG_SIZE];
	uint16_t flags;
};

/* What the tree's user keeps in the header: the data length. */
struct tee_fs_htree_meta {
	uint64_t length;
};

/* The plaintext of tee_fs_htree_image.imeta. */
struct tee_fs_htree_imeta {
	struct tee_fs_htree_meta meta;
	uint32_t max_node_id;
};

/* The file header: 68 bytes on disk, in two slots. */
struct tee_fs_htree_image {
	uint8_t iv[TEE_FS_HTREE_IV_SIZE];
	uint8_t tag[TEE_FS_HTREE_TAG_SIZE];
	uint8_t enc_fek[TEE_FS_HTREE_FEK_SIZE];
	uint8_t imeta[sizeof(struct tee_fs_htree_imeta)];
	uint32_t counter;
};

/* The kinds of element a hash-tree file holds. */
enum tee_fs_htree_type {
	TEE_FS_HTREE_TYPE_HEAD,
	TEE_FS_HTREE_TYPE_NODE,
	TEE_FS_HTREE_TYPE_BLOCK,
};

#endif /* TEEBOX_DEVKIT_FS_HTREE_H */
