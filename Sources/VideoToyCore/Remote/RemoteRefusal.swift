/// Why a remote command was refused; the page shows it and the app runs on.
public enum RemoteRefusal: Error, Hashable, Sendable {
    /// The body is larger than any command.
    case tooLarge
    /// The body is not one JSON object.
    case notJSON
    /// The command's name is not one the page may send.
    case unknownCommand
    /// A field is missing, of the wrong type or out of range (a path where an item id belongs, a seek past a day).
    case badArgument(String)
}
