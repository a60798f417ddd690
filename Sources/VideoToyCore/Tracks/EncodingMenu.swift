/// The "Character Encoding" part of the track menu: "Automatic" with what detection found, then every encoding the
/// user can force for the video's subtitle files.
public struct EncodingMenu: Hashable, Sendable {
    /// The encoding the user forced; nil when it is detected.
    public let forced: TextEncoding?
    /// What detection alone chose for the subtitle file in use; nil before it ran, or for UTF-16.
    public let detected: TextEncoding?
    /// The encoding the subtitle file in use is read in now.
    public let inUse: TextEncoding?
    /// The encodings offered, Unicode first and then by script family.
    public let choices: [TextEncoding] = TextEncoding.allCases

    /// A menu.
    public init(forced: TextEncoding?, detected: TextEncoding?, inUse: TextEncoding?) {
        self.forced = forced
        self.detected = detected
        self.inUse = inUse
    }
}
