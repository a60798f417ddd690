import CGLib
import CGStreamer

/// Runs a `gst-launch`-style pipeline in this process until end of stream, for generating clips.
enum PipelineRunner {
    /// Why a generating pipeline failed.
    struct Failure: Error, CustomStringConvertible {
        /// GStreamer's explanation.
        let description: String
    }

    /// Parses `description`, plays it to EOS and tears it down; throws on error or after `timeoutSeconds`.
    static func run(_ description: String, timeoutSeconds: Int = 120) throws {
        GStreamer.initialize()
        var error: UnsafeMutablePointer<GError>?
        let parsed = gst_parse_launch(description, &error)
        if let error {
            defer { g_error_free(error) }
            // A non-fatal parse error still returns a pipeline, which must not leak.
            if let parsed { gst_object_unref(parsed) }
            throw Failure(description: error.pointee.message.map { String(cString: $0) } ?? "parse error")
        }
        guard let pipeline = parsed else { throw Failure(description: "Could not build: \(description)") }
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        gst_element_set_state(pipeline, GST_STATE_PLAYING)
        var missing: String?
        switch BusWait.wait(
            pipeline, until: BusWait.deadline(seconds: timeoutSeconds), forAsyncDone: false,
            missingDecoder: &missing)
        {
        case .endOfStream, .asyncDone: return
        case .timedOut: throw Failure(description: "Timed out after \(timeoutSeconds) s: \(description)")
        case .error(_, _, let message): throw Failure(description: "\(message) (\(description))")
        }
    }
}
