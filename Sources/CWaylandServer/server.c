#include "CWaylandServer.h"

const struct wl_interface *vt_server_manager_interface(void) { return &zwlr_output_manager_v1_interface; }
const struct wl_interface *vt_server_head_interface(void) { return &zwlr_output_head_v1_interface; }
const struct wl_interface *vt_server_mode_interface(void) { return &zwlr_output_mode_v1_interface; }
const struct wl_interface *vt_server_configuration_interface(void) { return &zwlr_output_configuration_v1_interface; }
const struct wl_interface *vt_server_configuration_head_interface(void) { return &zwlr_output_configuration_head_v1_interface; }

void vt_server_post_error(struct wl_resource *resource, uint32_t code, const char *message) {
    wl_resource_post_error(resource, code, "%s", message);
}
