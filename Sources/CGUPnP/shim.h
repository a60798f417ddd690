#ifndef VIDEOTOY_CGUPNP_SHIM_H
#define VIDEOTOY_CGUPNP_SHIM_H
/* GUPnP's headers include libxml2's, which include the system's ICU headers: their declarations clash with the ICU
   Foundation carries. Nothing here touches libxml2's converters, the only part that needs ICU. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libgupnp/gupnp.h>
#include <libsoup/soup.h>
#include <sys/random.h>

/* gupnp_service_proxy_action_new is variadic: an action from parallel arrays of argument names and string values
   (a string GValue serialises as its text, whatever the argument's UPnP type). */
static inline GUPnPServiceProxyAction *vt_upnp_action_new(const char *name, const char *const *names,
                                                          const char *const *values, int count) {
    GList *name_list = NULL, *value_list = NULL;
    for (int i = count - 1; i >= 0; i--) {
        GValue *value = g_new0(GValue, 1);
        g_value_init(value, G_TYPE_STRING);
        g_value_set_string(value, values[i]);
        name_list = g_list_prepend(name_list, (gpointer)names[i]);
        value_list = g_list_prepend(value_list, value);
    }
    GUPnPServiceProxyAction *action = gupnp_service_proxy_action_new_from_list(name, name_list, value_list);
    g_list_free(name_list);
    for (GList *l = value_list; l; l = l->next) {
        g_value_unset(l->data);
        g_free(l->data);
    }
    g_list_free(value_list);
    return action;
}

/* The named string results of a finished action, in out_values (each to g_free; NULL where missing); FALSE with
   *error set when the renderer answered a UPnP error or the reply does not parse. count may be 0 to only check. */
static inline gboolean vt_upnp_action_results(GUPnPServiceProxyAction *action, const char *const *names, int count,
                                              char **out_values, GError **error) {
    GHashTable *hash = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, NULL);
    GValue *values = g_new0(GValue, count > 0 ? count : 1);
    for (int i = 0; i < count; i++) {
        g_value_init(&values[i], G_TYPE_STRING);
        g_hash_table_insert(hash, (gpointer)names[i], &values[i]);
    }
    gboolean ok = gupnp_service_proxy_action_get_result_hash(action, hash, error);
    for (int i = 0; i < count; i++) {
        out_values[i] = ok ? g_value_dup_string(&values[i]) : NULL;
        g_value_unset(&values[i]);
    }
    g_free(values);
    g_hash_table_unref(hash);
    return ok;
}

static inline GQuark vt_upnp_control_error(void) { return GUPNP_CONTROL_ERROR; }
static inline GQuark vt_io_error(void) { return G_IO_ERROR; }

/* soup_server_new is variadic. */
static inline SoupServer *vt_soup_server_new(const char *server_header) {
    return soup_server_new("server-header", server_header, NULL);
}

/* The port a listening server got, or 0. */
static inline guint vt_soup_server_port(SoupServer *server) {
    GSList *uris = soup_server_get_uris(server);
    guint port = uris ? (guint)g_uri_get_port(uris->data) : 0;
    g_slist_free_full(uris, (GDestroyNotify)g_uri_unref);
    return port;
}

/* getrandom(2) filling the whole buffer, or -1. */
static inline int vt_random_bytes(unsigned char *buffer, size_t length) {
    size_t done = 0;
    while (done < length) {
        ssize_t got = getrandom(buffer + done, length - done, 0);
        if (got < 0) return -1;
        done += (size_t)got;
    }
    return 0;
}
#endif
