import VideoToyCore

/// The show files the pane opens and saves: read and written by whoever builds the window.
extension LibraryWindow {
    /// Receives the path of a show file the user chose to open.
    public var onOpenShow: (@MainActor (String) -> Void)? {
        get { showPane.onOpenFile }
        set { showPane.onOpenFile = newValue }
    }

    /// Receives the show to save and the file to write it to.
    public var onSaveShow: (@MainActor (Show, String) -> Void)? {
        get { showPane.onSaveFile }
        set { showPane.onSaveFile = newValue }
    }
}
