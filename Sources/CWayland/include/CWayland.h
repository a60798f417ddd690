#ifndef VIDEOTOY_CWAYLAND_H
#define VIDEOTOY_CWAYLAND_H
/*
 * libwayland-client and the client side of wlr-output-management-unstable-v1, written from the protocol's
 * documentation. Every object is a plain struct wl_proxy: events reach Swift through wl_proxy_add_dispatcher,
 * and only the requests (variadic wl_proxy_marshal_flags calls, which Swift cannot make) are wrapped here.
 */
#include <stdint.h>
#include <wayland-client.h>

#include "wlr-output-management.h"

/* wl_display and wl_registry (their wrappers are static inline in wayland-client-protocol.h). */
struct wl_proxy *vt_wl_display_get_registry(struct wl_display *display);
/* A wl_callback whose done event (opcode 0) comes once the compositor has handled every earlier request. */
struct wl_proxy *vt_wl_display_sync(struct wl_display *display);
struct wl_proxy *vt_wl_registry_bind(struct wl_proxy *registry, uint32_t name, const struct wl_interface *interface, uint32_t version);
void vt_wl_registry_destroy(struct wl_proxy *registry);
/* Binds the output manager global `name` at `version` (the caller picks min(offered, VT_WLR_OUTPUT_MANAGEMENT_VERSION)). */
struct wl_proxy *vt_wlr_bind_manager(struct wl_proxy *registry, uint32_t name, uint32_t version);

/* zwlr_output_manager_v1 */
struct wl_proxy *vt_wlr_manager_create_configuration(struct wl_proxy *manager, uint32_t serial);
void vt_wlr_manager_stop(struct wl_proxy *manager);
/* zwlr_output_head_v1 and zwlr_output_mode_v1: release (since 3) when bound at 3 or later, else the proxy only. */
void vt_wlr_head_release(struct wl_proxy *head);
void vt_wlr_mode_release(struct wl_proxy *mode);
/* zwlr_output_configuration_v1 */
struct wl_proxy *vt_wlr_configuration_enable_head(struct wl_proxy *configuration, struct wl_proxy *head);
void vt_wlr_configuration_disable_head(struct wl_proxy *configuration, struct wl_proxy *head);
void vt_wlr_configuration_apply(struct wl_proxy *configuration);
void vt_wlr_configuration_test(struct wl_proxy *configuration);
void vt_wlr_configuration_destroy(struct wl_proxy *configuration);
/* zwlr_output_configuration_head_v1: destroyed with its configuration (it has no destructor of its own). */
void vt_wlr_configuration_head_set_mode(struct wl_proxy *head, struct wl_proxy *mode);
void vt_wlr_configuration_head_set_custom_mode(struct wl_proxy *head, int32_t width, int32_t height, int32_t refresh);
void vt_wlr_configuration_head_set_position(struct wl_proxy *head, int32_t x, int32_t y);
void vt_wlr_configuration_head_set_transform(struct wl_proxy *head, int32_t transform);
void vt_wlr_configuration_head_set_scale(struct wl_proxy *head, wl_fixed_t scale);
void vt_wlr_configuration_head_set_adaptive_sync(struct wl_proxy *head, uint32_t state);

#endif
