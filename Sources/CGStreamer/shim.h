#ifndef VIDEOTOY_CGSTREAMER_SHIM_H
#define VIDEOTOY_CGSTREAMER_SHIM_H
#include <gst/gst.h>
#include <gst/pbutils/pbutils.h>
#include <gst/app/gstappsink.h>
#include <gst/video/video.h>
#include <gst/tag/tag.h>

/* Macros that do not import into Swift. */
static inline GstMessageType vt_message_type(GstMessage *m) { return GST_MESSAGE_TYPE(m); }
static inline GstObject *vt_message_src(GstMessage *m) { return GST_MESSAGE_SRC(m); }
static inline GstClockTime vt_clock_time_none(void) { return GST_CLOCK_TIME_NONE; }
static inline gboolean vt_is_discoverer_video_info(gpointer p) { return GST_IS_DISCOVERER_VIDEO_INFO(p); }
static inline gboolean vt_is_discoverer_audio_info(gpointer p) { return GST_IS_DISCOVERER_AUDIO_INFO(p); }
static inline gboolean vt_is_discoverer_container_info(gpointer p) { return GST_IS_DISCOVERER_CONTAINER_INFO(p); }
static inline void vt_sample_unref(GstSample *s) { gst_sample_unref(s); }
static inline void vt_buffer_unref(GstBuffer *b) { gst_buffer_unref(b); }
static inline void vt_message_unref(GstMessage *m) { gst_message_unref(m); }
static inline void vt_caps_unref(GstCaps *c) { gst_caps_unref(c); }
static inline GstBuffer *vt_buffer_ref(GstBuffer *b) { return gst_buffer_ref(b); }
static inline GstClockTime vt_buffer_pts(GstBuffer *b) { return GST_BUFFER_PTS(b); }
static inline GstClockTime vt_buffer_duration(GstBuffer *b) { return GST_BUFFER_DURATION(b); }
/* A time position or duration query answered by the bin's sinks, as GstPipeline answers it, without playbin's
 * own handler: that one takes the playbin lock, which playbin holds while its source opens the file. */
static inline gboolean vt_pipeline_query_time(GstElement *pipeline, gboolean duration, gint64 *value) {
    GstElementClass *pipeline_class = GST_ELEMENT_CLASS(g_type_class_peek(GST_TYPE_PIPELINE));
    GstQuery *query = duration ? gst_query_new_duration(GST_FORMAT_TIME) : gst_query_new_position(GST_FORMAT_TIME);
    gboolean answered = pipeline_class->query(pipeline, query);
    if (answered && duration) gst_query_parse_duration(query, NULL, value);
    if (answered && !duration) gst_query_parse_position(query, NULL, value);
    gst_query_unref(query);
    return answered;
}
/* Plugin-feature macros, for the capability check. */
static inline GList *vt_decoder_factories(void) {
    return gst_element_factory_list_get_elements(GST_ELEMENT_FACTORY_TYPE_DECODER, GST_RANK_MARGINAL);
}
static inline const char *vt_feature_name(gpointer feature) { return gst_plugin_feature_get_name(GST_PLUGIN_FEATURE(feature)); }
static inline guint vt_feature_rank(gpointer feature) { return gst_plugin_feature_get_rank(GST_PLUGIN_FEATURE(feature)); }
static inline const char *vt_element_factory_name(gpointer element) {
    GstElementFactory *factory = gst_element_get_factory(GST_ELEMENT(element));
    return factory ? gst_plugin_feature_get_name(GST_PLUGIN_FEATURE(factory)) : NULL;
}
// playbin's action signals, which are variadic in C: a stream's tags and its input pad by index (both owned by the caller).
static inline GstTagList *vt_playbin_stream_tags(GstElement *playbin, const char *signal, gint index) {
    GstTagList *tags = NULL;
    g_signal_emit_by_name(playbin, signal, index, &tags);
    return tags;
}
static inline GstPad *vt_playbin_stream_pad(GstElement *playbin, const char *signal, gint index) {
    GstPad *pad = NULL;
    g_signal_emit_by_name(playbin, signal, index, &pad);
    return pad;
}
// The flags (default, forced) the demuxer put on the stream that feeds `pad`.
static inline GstStreamFlags vt_pad_stream_flags(GstPad *pad) {
    GstStreamFlags flags = GST_STREAM_FLAG_NONE;
    GstEvent *start = gst_pad_get_sticky_event(pad, GST_EVENT_STREAM_START, 0);
    if (start) {
        gst_event_parse_stream_flags(start, &flags);
        gst_event_unref(start);
    }
    return flags;
}
static inline void vt_tag_list_unref(GstTagList *tags) { gst_tag_list_unref(tags); }
// Counts the flushes (FLUSH_STOP events) that pass `element`'s sink pad into `*counter`, which must outlive the element.
static GstPadProbeReturn vt_flush_probe(GstPad *pad, GstPadProbeInfo *info, gpointer counter) {
    GstEvent *event = GST_PAD_PROBE_INFO_EVENT(info);
    if (event && GST_EVENT_TYPE(event) == GST_EVENT_FLUSH_STOP) g_atomic_int_inc((gint *)counter);
    return GST_PAD_PROBE_OK;
}
static inline void vt_count_flushes(GstElement *element, gint *counter) {
    GstPad *pad = gst_element_get_static_pad(element, "sink");
    if (!pad) return;
    gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_FLUSH, vt_flush_probe, counter, NULL);
    gst_object_unref(pad);
}
static inline gint vt_atomic_get(gint *value) { return g_atomic_int_get(value); }
#endif
