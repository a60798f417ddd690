#ifndef VIDEOTOY_CGLIB_SHIM_H
#define VIDEOTOY_CGLIB_SHIM_H
#include <glib.h>
#include <glib-unix.h>
#include <glib-object.h>
#include <gio/gio.h>
#include <gio/gunixmounts.h>
#include <malloc.h>
#include <sys/vfs.h>
#include <libintl.h>
#include <locale.h>

static inline void vt_limit_malloc_arenas(int count) { mallopt(M_ARENA_MAX, count); }

/* statfs(2)'s f_type (which file system a path is on), or -1; Glibc's Swift module leaves sys/vfs.h out. */
static inline long vt_file_system_type(const char *path) { struct statfs s; return statfs(path, &s) == 0 ? (long)s.f_type : -1; }

/* libdispatch's main-queue hooks, used to drain DispatchQueue.main from the GLib main loop. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static inline gboolean vt_is_object(gpointer p) { return G_IS_OBJECT(p); }
#endif

/* g_object_set/get are variadic, which Swift cannot call: one typed wrapper per value kind. */
static inline void vt_set_string(gpointer o, const char *n, const char *v) { g_object_set(o, n, v, NULL); }
static inline void vt_set_object(gpointer o, const char *n, gpointer v) { g_object_set(o, n, v, NULL); }
static inline void vt_set_int(gpointer o, const char *n, gint v) { g_object_set(o, n, v, NULL); }
static inline void vt_set_uint(gpointer o, const char *n, guint v) { g_object_set(o, n, v, NULL); }
static inline void vt_set_int64(gpointer o, const char *n, gint64 v) { g_object_set(o, n, v, NULL); }
static inline void vt_set_uint64(gpointer o, const char *n, guint64 v) { g_object_set(o, n, v, NULL); }
static inline void vt_set_double(gpointer o, const char *n, gdouble v) { g_object_set(o, n, v, NULL); }
static inline void vt_set_bool(gpointer o, const char *n, gboolean v) { g_object_set(o, n, v, NULL); }
static inline gdouble vt_get_double(gpointer o, const char *n) { gdouble v = 0; g_object_get(o, n, &v, NULL); return v; }
static inline gboolean vt_get_bool(gpointer o, const char *n) { gboolean v = 0; g_object_get(o, n, &v, NULL); return v; }
static inline gint vt_get_int(gpointer o, const char *n) { gint v = 0; g_object_get(o, n, &v, NULL); return v; }
