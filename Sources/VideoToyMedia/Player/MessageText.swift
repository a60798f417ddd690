import CGStreamer

/// Turns GStreamer error messages into one readable line for the user.
enum MessageText {
    /// The error's message, with the element's debug detail left to the terminal.
    static func error(_ message: UnsafeMutablePointer<GstMessage>) -> String {
        var error: UnsafeMutablePointer<GError>?
        var debug: UnsafeMutablePointer<gchar>?
        gst_message_parse_error(message, &error, &debug)
        defer {
            if let error { g_error_free(error) }
            g_free(debug)
        }
        guard let text = error?.pointee.message else { return "Playback failed." }
        return String(cString: text)
    }
}
