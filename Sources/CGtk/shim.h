#ifndef VIDEOTOY_CGTK_SHIM_H
#define VIDEOTOY_CGTK_SHIM_H
#include <gtk/gtk.h>
#include <adwaita.h>
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
/* Where an X11 surface's window is on the root window; FALSE elsewhere (Wayland has no global positions). */
static inline gboolean vt_x11_surface_origin(GdkSurface *s, int *x, int *y) {
#ifdef GDK_WINDOWING_X11
    if (!GDK_IS_X11_SURFACE(s)) return FALSE;
    Display *dpy = gdk_x11_display_get_xdisplay(gdk_surface_get_display(s));
    Window child;
    return XTranslateCoordinates(dpy, gdk_x11_surface_get_xid(s), DefaultRootWindow(dpy), 0, 0, x, y, &child);
#else
    return FALSE;
#endif
}
/* Asks the window manager to move an X11 surface's window to (x, y) on the root window. */
static inline void vt_x11_surface_move(GdkSurface *s, int x, int y) {
#ifdef GDK_WINDOWING_X11
    if (!GDK_IS_X11_SURFACE(s)) return;
    XMoveWindow(gdk_x11_display_get_xdisplay(gdk_surface_get_display(s)), gdk_x11_surface_get_xid(s), x, y);
#endif
}
/* The X window of an X11 surface; 0 elsewhere. */
static inline unsigned long vt_x11_surface_xid(GdkSurface *s) {
#ifdef GDK_WINDOWING_X11
    if (!GDK_IS_X11_SURFACE(s)) return 0;
    return gdk_x11_surface_get_xid(s);
#else
    return 0;
#endif
}
static inline const char *vt_type_name(gpointer instance) { return G_OBJECT_TYPE_NAME(instance); }
/* Paths of a dropped file list (a GValue holding GdkFileList), as a NULL-terminated array to g_strfreev. */
static inline char **vt_dropped_paths(const GValue *value) {
    if (!G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST)) return NULL;
    GSList *files = gdk_file_list_get_files(g_value_get_boxed(value));
    GPtrArray *paths = g_ptr_array_new();
    for (GSList *l = files; l; l = l->next) {
        char *path = g_file_get_path(G_FILE(l->data));
        if (path) g_ptr_array_add(paths, path);
    }
    g_slist_free(files);
    g_ptr_array_add(paths, NULL);
    return (char **)g_ptr_array_free(paths, FALSE);
}
static inline GType vt_file_list_type(void) { return GDK_TYPE_FILE_LIST; }
/* The name a screen reader says for a widget (gtk_accessible_update_property is variadic). */
static inline void vt_set_accessible_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
/* Paths of the files a file chooser returned, as a NULL-terminated array to g_strfreev. */
static inline char **vt_chooser_paths(GtkFileChooser *chooser) {
    GListModel *files = gtk_file_chooser_get_files(chooser);
    GPtrArray *paths = g_ptr_array_new();
    for (guint i = 0; files && i < g_list_model_get_n_items(files); i++) {
        GFile *file = g_list_model_get_item(files, i);
        char *path = g_file_get_path(file);
        if (path) g_ptr_array_add(paths, path);
        g_object_unref(file);
    }
    if (files) g_object_unref(files);
    g_ptr_array_add(paths, NULL);
    return (char **)g_ptr_array_free(paths, FALSE);
}
#endif
