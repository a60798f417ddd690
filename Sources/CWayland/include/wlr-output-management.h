#ifndef VIDEOTOY_WLR_OUTPUT_MANAGEMENT_H
#define VIDEOTOY_WLR_OUTPUT_MANAGEMENT_H
/*
 * wlr-output-management-unstable-v1's interfaces and event opcodes, shared by the client (CWayland) and the
 * test compositor (CWaylandServer): a wl_interface serves either side.
 */
#include <wayland-util.h>

/* The version of wlr-output-management these tables describe; a manager is bound at min(offered, this). */
#define VT_WLR_OUTPUT_MANAGEMENT_VERSION 4

extern const struct wl_interface zwlr_output_manager_v1_interface;
extern const struct wl_interface zwlr_output_head_v1_interface;
extern const struct wl_interface zwlr_output_mode_v1_interface;
extern const struct wl_interface zwlr_output_configuration_v1_interface;
extern const struct wl_interface zwlr_output_configuration_head_v1_interface;

/* Event opcodes, in the order the protocol declares them. */
enum vt_wl_registry_event { VT_WL_REGISTRY_GLOBAL = 0, VT_WL_REGISTRY_GLOBAL_REMOVE = 1 };
enum vt_wlr_manager_event { VT_WLR_MANAGER_HEAD = 0, VT_WLR_MANAGER_DONE = 1, VT_WLR_MANAGER_FINISHED = 2 };
enum vt_wlr_head_event {
    VT_WLR_HEAD_NAME = 0,
    VT_WLR_HEAD_DESCRIPTION = 1,
    VT_WLR_HEAD_PHYSICAL_SIZE = 2,
    VT_WLR_HEAD_MODE = 3,
    VT_WLR_HEAD_ENABLED = 4,
    VT_WLR_HEAD_CURRENT_MODE = 5,
    VT_WLR_HEAD_POSITION = 6,
    VT_WLR_HEAD_TRANSFORM = 7,
    VT_WLR_HEAD_SCALE = 8,
    VT_WLR_HEAD_FINISHED = 9,
    VT_WLR_HEAD_MAKE = 10,
    VT_WLR_HEAD_MODEL = 11,
    VT_WLR_HEAD_SERIAL_NUMBER = 12,
    VT_WLR_HEAD_ADAPTIVE_SYNC = 13,
};
enum vt_wlr_mode_event { VT_WLR_MODE_SIZE = 0, VT_WLR_MODE_REFRESH = 1, VT_WLR_MODE_PREFERRED = 2, VT_WLR_MODE_FINISHED = 3 };
enum vt_wlr_configuration_event {
    VT_WLR_CONFIGURATION_SUCCEEDED = 0,
    VT_WLR_CONFIGURATION_FAILED = 1,
    VT_WLR_CONFIGURATION_CANCELLED = 2,
};

/* Request opcodes, in the order the protocol declares them. */
enum vt_wlr_manager_request { VT_WLR_MANAGER_CREATE_CONFIGURATION = 0, VT_WLR_MANAGER_STOP = 1 };
enum vt_wlr_head_request { VT_WLR_HEAD_RELEASE = 0 };
enum vt_wlr_mode_request { VT_WLR_MODE_RELEASE = 0 };
enum vt_wlr_configuration_request {
    VT_WLR_CONFIGURATION_ENABLE_HEAD = 0,
    VT_WLR_CONFIGURATION_DISABLE_HEAD = 1,
    VT_WLR_CONFIGURATION_APPLY = 2,
    VT_WLR_CONFIGURATION_TEST = 3,
    VT_WLR_CONFIGURATION_DESTROY = 4,
};
enum vt_wlr_configuration_head_request {
    VT_WLR_CONFIGURATION_HEAD_SET_MODE = 0,
    VT_WLR_CONFIGURATION_HEAD_SET_CUSTOM_MODE = 1,
    VT_WLR_CONFIGURATION_HEAD_SET_POSITION = 2,
    VT_WLR_CONFIGURATION_HEAD_SET_TRANSFORM = 3,
    VT_WLR_CONFIGURATION_HEAD_SET_SCALE = 4,
    VT_WLR_CONFIGURATION_HEAD_SET_ADAPTIVE_SYNC = 5,
};

#endif
