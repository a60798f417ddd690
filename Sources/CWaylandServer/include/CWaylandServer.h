#ifndef VIDEOTOY_CWAYLANDSERVER_H
#define VIDEOTOY_CWAYLANDSERVER_H
/*
 * libwayland-server for the test compositor that speaks wlr-output-management with the client's own tables.
 * Events go out through wl_resource_post_event_array, so Swift needs no variadic call; only the interface
 * addresses and the printf-style error are wrapped.
 */
#include <wayland-server-core.h>

#include "wlr-output-management.h"

const struct wl_interface *vt_server_manager_interface(void);
const struct wl_interface *vt_server_head_interface(void);
const struct wl_interface *vt_server_mode_interface(void);
const struct wl_interface *vt_server_configuration_interface(void);
const struct wl_interface *vt_server_configuration_head_interface(void);
/* Ends the client's connection with a protocol error on `resource`. */
void vt_server_post_error(struct wl_resource *resource, uint32_t code, const char *message);

#endif
