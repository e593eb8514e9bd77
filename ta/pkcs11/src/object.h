/* SPDX-License-Identifier: BSD-2-Clause */
/* Object attribute rules (attributes.c). */
#ifndef PKCS11_TA_OBJECT_H
#define PKCS11_TA_OBJECT_H

#include "pkcs11_token.h"

/**
 * create_attributes_from_template() - an object's attributes from a
 * client template: checked, defaults added, computed ones set
 * @tpl:	the client's checked template
 * @mech:	the generating mechanism, or PKCS11_CK_UNAVAILABLE_INFORMATION
 *		for C_CreateObject (then CKA_VALUE is required)
 * @out:	the attributes built (released on error)
 * Return: PKCS11_CKR_OK or the PKCS#11 rc for the template
 */
enum pkcs11_rc create_attributes_from_template(const uint8_t *tpl,
					       uint32_t mech,
					       struct pkcs11_tpl *out);

/**
 * attribute_is_sensitive() - may attribute @id of @attrs not leave the TA?
 * Return: true for CKA_VALUE of a sensitive or unextractable secret key
 */
bool attribute_is_sensitive(const uint8_t *attrs, uint32_t id);

/**
 * object_add() - make @attrs an object of @s (a token object if it says
 * CKA_TOKEN), with the session and login checks of C_CreateObject
 * @s:		the session
 * @attrs:	the object's attributes, taken on success
 * @out:	4 bytes set to the new handle
 * Return: PKCS11_CKR_OK or the PKCS#11 rc
 */
enum pkcs11_rc object_add(struct pkcs11_session *s, struct pkcs11_tpl *attrs,
			  uint8_t *out);

/**
 * object_destroy() - destroy @obj (NULL: nothing), a session object of
 * its session or a token object of @s's token, with no access checks
 */
void object_destroy(struct pkcs11_session *s, struct pkcs11_object *obj);

/**
 * object_lookup() - Return: object handle @h of @s's client if it is on
 * @s's token (private or not), else NULL
 */
struct pkcs11_object *object_lookup(struct pkcs11_session *s, uint32_t h);

#endif
