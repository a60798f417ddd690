/// The library's folders: opened, remembered, offered again, and removed.
extension AppController {
    /// Starts from remembered folders (at launch), without announcing them as a change to remember.
    public func restoreFolders(_ folders: LibraryFolders) {
        self.folders = folders
    }

    /// `folders` were opened (Open Folder, the command line, the remembered library): they join the library's folders
    /// and the recent list. Their videos are added by `add(paths:)` once scanned.
    public func openedFolders(_ folders: [String]) {
        if self.folders.open(folders) { announce(.folders) }
    }

    /// Takes `folder` out of the library: its rows leave the list, a video of it that plays stops and goes home from
    /// any screen, and the folder stays in the recent list. Files inside another library folder stay.
    public func removeFolder(_ folder: String) {
        guard folders.remove(folder) else { return }
        let leaving = library.items.filter { LibraryFolders.path($0.path, isIn: folder) && !folders.contains($0.path) }.map(\.id)
        for id in leaving {
            mediaWork.forget(id)
            prerollEvent(.removed(id))
            playbackDriver.handle(.removed(id))
        }
        let gone = Set(leaving)
        library.remove { gone.contains($0.id) }
        for id in leaving { pathTable.forget(id) }
        libraryDriver.recount()
        log.emit(.folderRemoved, fields: [(.folder, .string(folder)), (.gone, .int(leaving.count))])
        log.emit(.library, fields: [(.count, .int(library.count))])
        libraryDriver.followLibrary()
        presenter?.showRows(count: shown.count(in: library), total: library.count, searching: shown.isFiltering)
        rowsRelisted()
        announce(.folders)
        announce(.library)
        libraryDriver.reportProbeProgress()
    }
}
