#ifndef VIDEOTOY_CGTK_SHIM_H
#define VIDEOTOY_CGTK_SHIM_H
#include <gtk/gtk.h>
#include <glib-unix.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

static inline gboolean vt_display_is_x11(GdkDisplay *d) {
#ifdef GDK_WINDOWING_X11
    return GDK_IS_X11_DISPLAY(d);
#else
    return FALSE;
#endif
}
static inline const char *vt_type_name(gpointer instance) { return G_OBJECT_TYPE_NAME(instance); }
#endif
