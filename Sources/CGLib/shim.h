#ifndef VIDEOTOY_CGLIB_SHIM_H
#define VIDEOTOY_CGLIB_SHIM_H
#include <glib.h>
#include <glib-unix.h>
#include <glib-object.h>
#include <gio/gio.h>

/* libdispatch's main-queue hooks, used to drain DispatchQueue.main from the GLib main loop. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static inline gboolean vt_is_object(gpointer p) { return G_IS_OBJECT(p); }
#endif
