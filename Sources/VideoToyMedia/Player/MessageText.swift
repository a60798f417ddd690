import CGStreamer
import Foundation
import VideoToyCore

/// Turns GStreamer error messages into the playback error they stand for.
enum MessageText {
    /// A player's error message, read once.
    struct Failure: Equatable {
        /// What went wrong.
        let error: PlaybackError
        /// Whether the file itself could not be found, opened or read (GStreamer's resource errors).
        let isResourceError: Bool
    }

    /// A GStreamer resource error that the probe also explains, in terms the user can act on.
    enum ResourceProblem: Equatable {
        case notFound, notAuthorized, openRead

        init?(code: Int32) {
            switch GstResourceError(UInt32(bitPattern: code)) {
            case GST_RESOURCE_ERROR_NOT_FOUND: self = .notFound
            case GST_RESOURCE_ERROR_NOT_AUTHORIZED: self = .notAuthorized
            case GST_RESOURCE_ERROR_OPEN_READ: self = .openRead
            default: return nil
            }
        }
    }

    /// The error's message in the probe's wording where it has one, with the element's detail left out.
    /// True when the message comes from the sound output or an element inside it (pulsesink inside
    /// autoaudiosink), whose failure need not stop the picture.
    static func isFromSoundOutput(_ message: UnsafeMutablePointer<GstMessage>) -> Bool {
        var object = vt_message_src(message)
        while let current = object {
            if let name = gst_object_get_name(current) {
                defer { g_free(name) }
                let text = String(cString: name)
                if text.contains("audiosink") || text.hasPrefix("pulsesink") || text.hasSuffix("-sink-pulse") { return true }
            }
            object = current.pointee.parent
        }
        return false
    }

    static func error(_ message: UnsafeMutablePointer<GstMessage>) -> Failure {
        var error: UnsafeMutablePointer<GError>?
        var debug: UnsafeMutablePointer<gchar>?
        gst_message_parse_error(message, &error, &debug)
        defer {
            if let error { g_error_free(error) }
            g_free(debug)
        }
        guard let error else { return Failure(error: .unexplained, isResourceError: false) }
        let said = error.pointee.message.map { PlaybackError.library(String(cString: $0)) } ?? .unexplained
        guard error.pointee.domain == gst_resource_error_quark() else { return Failure(error: said, isResourceError: false) }
        let problem = ResourceProblem(code: error.pointee.code)
        return Failure(error: playbackError(problem, said: said, detail: debug.map { String(cString: $0) }), isResourceError: true)
    }

    /// The error for a resource error: `problem` as the probe also finds it, else what GStreamer `said`.
    ///
    /// filesrc reports every failed open() other than ENOENT as OPEN_READ, with errno's text in the detail;
    /// only a refusal is a permission problem, and an I/O error on a dead share must not be called one.
    static func playbackError(_ problem: ResourceProblem?, said: PlaybackError, detail: String?) -> PlaybackError {
        switch problem {
        case .notFound: return .unreadable(.vanished)
        case .notAuthorized: return .unreadable(.permissionDenied)
        case .openRead:
            guard let reason = systemReason(in: detail), !refusals.contains(reason) else { return .unreadable(.permissionDenied) }
            return .cannotOpen(reason: reason)
        case nil: return said
        }
    }

    private static let refusals: Set<String> = [String(cString: g_strerror(EACCES)), String(cString: g_strerror(EPERM))]

    /// errno's text from a GST_ERROR_SYSTEM detail ("…\nsystem error: Permission denied").
    private static func systemReason(in detail: String?) -> String? {
        guard let detail, let range = detail.range(of: "system error: ") else { return nil }
        let reason = detail[range.upperBound...].prefix { $0 != "\n" }
        return reason.isEmpty ? nil : String(reason)
    }
}
