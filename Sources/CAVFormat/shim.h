#ifndef VIDEOTOY_CAVFORMAT_SHIM_H
#define VIDEOTOY_CAVFORMAT_SHIM_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/time.h>

/* Macros that do not import into Swift. */
static inline int64_t vt_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int vt_av_time_base(void) { return AV_TIME_BASE; }
static inline int vt_averror_eof(void) { return AVERROR_EOF; }
static inline int vt_averror_exit(void) { return AVERROR_EXIT; }
static inline int vt_averror_again(void) { return AVERROR(EAGAIN); }

/* The interrupt callback libavformat polls during blocking reads: past the deadline (microseconds of
 * av_gettime_relative) it stops reading, so a header that loops or a file that never ends cannot hold a worker. */
static int vt_av_past_deadline(void *opaque) {
    return av_gettime_relative() > *(const int64_t *)opaque;
}

/* Allocates a context that gives up at `*deadline`; `deadline` must outlive the context. */
static inline AVFormatContext *vt_av_context_with_deadline(int64_t *deadline) {
    AVFormatContext *context = avformat_alloc_context();
    if (context) {
        context->interrupt_callback.callback = vt_av_past_deadline;
        context->interrupt_callback.opaque = deadline;
    }
    return context;
}

/* The stream's display matrix (9 int32 values) from its side data, or NULL. */
static inline const int32_t *vt_av_display_matrix(AVStream *stream) {
    size_t size = 0;
    const uint8_t *data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    return size >= 9 * sizeof(int32_t) ? (const int32_t *)data : NULL;
}
#endif
