import CGLib
import CGStreamer

/// Waits on a pipeline's bus with a deadline, so no caller can hang on a stuck pipeline.
enum BusWait {
    /// What ended the wait.
    enum Outcome {
        case asyncDone, endOfStream, timedOut
        case error(domain: GQuark, code: Int32, message: String)
    }

    /// A point in time on GLib's monotonic clock, in microseconds.
    static func deadline(seconds: Int) -> Int64 { Int64(g_get_monotonic_time()) + Int64(seconds) * 1_000_000 }

    /// Pops messages until async-done, end of stream or an error arrives, or until `deadline`.
    ///
    /// `missingDecoder` receives the media type of any decoder the pipeline announced as missing.
    static func wait(
        _ pipeline: UnsafeMutablePointer<GstElement>, until deadline: Int64, forAsyncDone: Bool = true,
        missingDecoder: inout String?
    ) -> Outcome {
        guard let bus = gst_element_get_bus(pipeline) else { return .timedOut }
        defer { gst_object_unref(bus) }
        var mask = GST_MESSAGE_ERROR.rawValue | GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ELEMENT.rawValue
        if forAsyncDone { mask |= GST_MESSAGE_ASYNC_DONE.rawValue }
        while true {
            let remaining = deadline - Int64(g_get_monotonic_time())
            guard remaining > 0 else { return .timedOut }
            guard
                let message = gst_bus_timed_pop_filtered(
                    bus, GstClockTime(remaining) * 1000,
                    GstMessageType(rawValue: mask))
            else { return .timedOut }
            defer { vt_message_unref(message) }
            switch vt_message_type(message) {
            case GST_MESSAGE_ASYNC_DONE:
                // Only the pipeline's own async-done means the whole pipeline has prerolled.
                if UnsafeMutableRawPointer(vt_message_src(message)) == UnsafeMutableRawPointer(pipeline) { return .asyncDone }
            case GST_MESSAGE_ELEMENT:
                // A missing decoder surfaces later only as a vague error, or as no picture at all.
                if gst_is_missing_plugin_message(message) != 0,
                    let detail = gst_missing_plugin_message_get_installer_detail(message)
                {
                    defer { g_free(detail) }
                    let text = String(cString: detail)
                    if let range = text.range(of: "|decoder-") {
                        missingDecoder = String(text[range.upperBound...].prefix { $0 != "," && $0 != "|" })
                    }
                }
            case GST_MESSAGE_EOS:
                return .endOfStream
            case GST_MESSAGE_ERROR:
                var error: UnsafeMutablePointer<GError>?
                gst_message_parse_error(message, &error, nil)
                defer { if let error { g_error_free(error) } }
                let text = error?.pointee.message.map { String(cString: $0) } ?? "Unknown error."
                return .error(domain: error?.pointee.domain ?? 0, code: error?.pointee.code ?? 0, message: text)
            default:
                continue
            }
        }
    }
}
