// SPDX-License-Identifier: BSD-2-Clause
/* A shared object in the plugin directory with no plugin_method. */
int not_a_plugin(void);

int not_a_plugin(void)
{
	return 0;
}
