import VideoToyCore

extension MessageWording {
    /// English for the events log, the user's language for the terminal.
    public static let catalogues = MessageWording(log: { $0.text(in: .english) }, terminal: { $0.text(in: .user) })
}
