/*
 * The client tables of wlr-output-management-unstable-v1 (version 4) and its requests, written by hand from the
 * protocol's documented messages. A message's signature lists its arguments' types (i int, u uint, f fixed,
 * s string, o object, n new_id), led by the version that added it when that is not 1; its types array names the
 * interface of each object or new_id argument (NULL for the others).
 */
#include "CWayland.h"

#include <stddef.h>

static const struct wl_interface *no_types[] = {NULL, NULL, NULL};

/* zwlr_output_manager_v1 */
static const struct wl_interface *create_configuration_types[] = {&zwlr_output_configuration_v1_interface, NULL};
static const struct wl_interface *head_types[] = {&zwlr_output_head_v1_interface};
static const struct wl_message manager_requests[] = {
    {"create_configuration", "nu", create_configuration_types},
    {"stop", "", no_types},
};
static const struct wl_message manager_events[] = {
    {"head", "n", head_types},
    {"done", "u", no_types},
    {"finished", "", no_types},
};
const struct wl_interface zwlr_output_manager_v1_interface = {
    "zwlr_output_manager_v1", VT_WLR_OUTPUT_MANAGEMENT_VERSION, 2, manager_requests, 3, manager_events,
};

/* zwlr_output_head_v1 */
static const struct wl_interface *mode_types[] = {&zwlr_output_mode_v1_interface};
static const struct wl_message head_requests[] = {
    {"release", "3", no_types},
};
static const struct wl_message head_events[] = {
    {"name", "s", no_types},
    {"description", "s", no_types},
    {"physical_size", "ii", no_types},
    {"mode", "n", mode_types},
    {"enabled", "i", no_types},
    {"current_mode", "o", mode_types},
    {"position", "ii", no_types},
    {"transform", "i", no_types},
    {"scale", "f", no_types},
    {"finished", "", no_types},
    {"make", "2s", no_types},
    {"model", "2s", no_types},
    {"serial_number", "2s", no_types},
    {"adaptive_sync", "4u", no_types},
};
const struct wl_interface zwlr_output_head_v1_interface = {
    "zwlr_output_head_v1", VT_WLR_OUTPUT_MANAGEMENT_VERSION, 1, head_requests, 14, head_events,
};

/* zwlr_output_mode_v1 */
static const struct wl_message mode_requests[] = {
    {"release", "3", no_types},
};
static const struct wl_message mode_events[] = {
    {"size", "ii", no_types},
    {"refresh", "i", no_types},
    {"preferred", "", no_types},
    {"finished", "", no_types},
};
const struct wl_interface zwlr_output_mode_v1_interface = {
    "zwlr_output_mode_v1", VT_WLR_OUTPUT_MANAGEMENT_VERSION, 1, mode_requests, 4, mode_events,
};

/* zwlr_output_configuration_v1 */
static const struct wl_interface *enable_head_types[] = {&zwlr_output_configuration_head_v1_interface, &zwlr_output_head_v1_interface};
static const struct wl_message configuration_requests[] = {
    {"enable_head", "no", enable_head_types},
    {"disable_head", "o", head_types},
    {"apply", "", no_types},
    {"test", "", no_types},
    {"destroy", "", no_types},
};
static const struct wl_message configuration_events[] = {
    {"succeeded", "", no_types},
    {"failed", "", no_types},
    {"cancelled", "", no_types},
};
const struct wl_interface zwlr_output_configuration_v1_interface = {
    "zwlr_output_configuration_v1", VT_WLR_OUTPUT_MANAGEMENT_VERSION, 5, configuration_requests, 3, configuration_events,
};

/* zwlr_output_configuration_head_v1 */
static const struct wl_message configuration_head_requests[] = {
    {"set_mode", "o", mode_types},
    {"set_custom_mode", "iii", no_types},
    {"set_position", "ii", no_types},
    {"set_transform", "i", no_types},
    {"set_scale", "f", no_types},
    {"set_adaptive_sync", "4u", no_types},
};
const struct wl_interface zwlr_output_configuration_head_v1_interface = {
    "zwlr_output_configuration_head_v1", VT_WLR_OUTPUT_MANAGEMENT_VERSION, 6, configuration_head_requests, 0, NULL,
};

struct wl_proxy *vt_wl_display_get_registry(struct wl_display *display) {
    return (struct wl_proxy *)wl_display_get_registry(display);
}

struct wl_proxy *vt_wl_display_sync(struct wl_display *display) { return (struct wl_proxy *)wl_display_sync(display); }

struct wl_proxy *vt_wl_registry_bind(struct wl_proxy *registry, uint32_t name, const struct wl_interface *interface, uint32_t version) {
    return wl_registry_bind((struct wl_registry *)registry, name, interface, version);
}

void vt_wl_registry_destroy(struct wl_proxy *registry) { wl_registry_destroy((struct wl_registry *)registry); }

struct wl_proxy *vt_wlr_bind_manager(struct wl_proxy *registry, uint32_t name, uint32_t version) {
    return vt_wl_registry_bind(registry, name, &zwlr_output_manager_v1_interface, version);
}

/* Requests on `proxy` that create an object give it the proxy's version, as the protocol's new_id rules say. */
static uint32_t version_of(struct wl_proxy *proxy) { return wl_proxy_get_version(proxy); }

struct wl_proxy *vt_wlr_manager_create_configuration(struct wl_proxy *manager, uint32_t serial) {
    return wl_proxy_marshal_flags(
        manager, VT_WLR_MANAGER_CREATE_CONFIGURATION, &zwlr_output_configuration_v1_interface, version_of(manager), 0, NULL, serial);
}

void vt_wlr_manager_stop(struct wl_proxy *manager) {
    wl_proxy_marshal_flags(manager, VT_WLR_MANAGER_STOP, NULL, version_of(manager), 0);
}

void vt_wlr_head_release(struct wl_proxy *head) {
    if (version_of(head) >= 3) {
        wl_proxy_marshal_flags(head, VT_WLR_HEAD_RELEASE, NULL, version_of(head), WL_MARSHAL_FLAG_DESTROY);
    } else {
        wl_proxy_destroy(head);
    }
}

void vt_wlr_mode_release(struct wl_proxy *mode) {
    if (version_of(mode) >= 3) {
        wl_proxy_marshal_flags(mode, VT_WLR_MODE_RELEASE, NULL, version_of(mode), WL_MARSHAL_FLAG_DESTROY);
    } else {
        wl_proxy_destroy(mode);
    }
}

struct wl_proxy *vt_wlr_configuration_enable_head(struct wl_proxy *configuration, struct wl_proxy *head) {
    return wl_proxy_marshal_flags(
        configuration, VT_WLR_CONFIGURATION_ENABLE_HEAD, &zwlr_output_configuration_head_v1_interface, version_of(configuration), 0, NULL,
        head);
}

void vt_wlr_configuration_disable_head(struct wl_proxy *configuration, struct wl_proxy *head) {
    wl_proxy_marshal_flags(configuration, VT_WLR_CONFIGURATION_DISABLE_HEAD, NULL, version_of(configuration), 0, head);
}

void vt_wlr_configuration_apply(struct wl_proxy *configuration) {
    wl_proxy_marshal_flags(configuration, VT_WLR_CONFIGURATION_APPLY, NULL, version_of(configuration), 0);
}

void vt_wlr_configuration_test(struct wl_proxy *configuration) {
    wl_proxy_marshal_flags(configuration, VT_WLR_CONFIGURATION_TEST, NULL, version_of(configuration), 0);
}

void vt_wlr_configuration_destroy(struct wl_proxy *configuration) {
    wl_proxy_marshal_flags(configuration, VT_WLR_CONFIGURATION_DESTROY, NULL, version_of(configuration), WL_MARSHAL_FLAG_DESTROY);
}

void vt_wlr_configuration_head_set_mode(struct wl_proxy *head, struct wl_proxy *mode) {
    wl_proxy_marshal_flags(head, VT_WLR_CONFIGURATION_HEAD_SET_MODE, NULL, version_of(head), 0, mode);
}

void vt_wlr_configuration_head_set_custom_mode(struct wl_proxy *head, int32_t width, int32_t height, int32_t refresh) {
    wl_proxy_marshal_flags(head, VT_WLR_CONFIGURATION_HEAD_SET_CUSTOM_MODE, NULL, version_of(head), 0, width, height, refresh);
}

void vt_wlr_configuration_head_set_position(struct wl_proxy *head, int32_t x, int32_t y) {
    wl_proxy_marshal_flags(head, VT_WLR_CONFIGURATION_HEAD_SET_POSITION, NULL, version_of(head), 0, x, y);
}

void vt_wlr_configuration_head_set_transform(struct wl_proxy *head, int32_t transform) {
    wl_proxy_marshal_flags(head, VT_WLR_CONFIGURATION_HEAD_SET_TRANSFORM, NULL, version_of(head), 0, transform);
}

void vt_wlr_configuration_head_set_scale(struct wl_proxy *head, wl_fixed_t scale) {
    wl_proxy_marshal_flags(head, VT_WLR_CONFIGURATION_HEAD_SET_SCALE, NULL, version_of(head), 0, scale);
}

void vt_wlr_configuration_head_set_adaptive_sync(struct wl_proxy *head, uint32_t state) {
    wl_proxy_marshal_flags(head, VT_WLR_CONFIGURATION_HEAD_SET_ADAPTIVE_SYNC, NULL, version_of(head), 0, state);
}
