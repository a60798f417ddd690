/// Library folders that change on disk: files added, removed, renamed or rewritten, a folder gone and back.
extension AppController {
    /// A library folder was looked at again: `present` is what the rescan found in `folder` (nil: the folder is
    /// gone or unreadable), `changed` the files rewritten since the last look.
    ///
    /// Rows of files no longer there say they are gone but stay, and come back when their files do; new files
    /// get rows in display order without disturbing the others or the selection. A playing item keeps playing:
    /// its player holds the file open.
    @discardableResult
    public func folderChanged(
        _ folder: String, present: [String]?, changed: Set<String> = [], diff: FolderDiff? = nil
    ) -> LibraryRefresh {
        // A diff made by the rescan's worker leaves the main thread a pass without hashing.
        let diff = diff ?? FolderDiff(folder: folder, known: library.paths(under: folder), present: present)
        let refresh = library.refresh(folder: folder, diff: diff, changed: changed)
        // After the refresh, so new rows have ids; a subtitle file added or removed alone changes no other row.
        if let sidecars = diff.sidecars { sidecarsListed(sidecars) }
        guard !refresh.isEmpty else { return refresh }
        for id in refresh.gone { itemVanished(id) }
        for id in refresh.back + refresh.changed { reprobe(id) }
        libraryDriver.recount()
        if !refresh.added.isEmpty {
            for id in refresh.added { if let item = library.item(id) { pathTable.set(id, path: item.path) } }
            log.emit(.library, fields: [(.count, .int(library.count))])
            if shown.isReordered {
                libraryDriver.showReorderedRows()
            } else {
                presenter?.insertRows(at: refresh.inserted, count: library.count)
                rowsRelisted()
            }
            for id in refresh.added { mediaWork.probe(id, urgent: false) }
            libraryDriver.prepareSearchKeys(refresh.added)
        }
        for id in refresh.gone + refresh.back + refresh.changed { rowChanged(id) }
        requestRowWork()
        if refresh.changesRows {
            announce(.library)
            log.emit(
                .refresh,
                fields: [
                    (.folder, .string(folder)), (.added, .int(refresh.added.count)),
                    (.gone, .int(refresh.gone.count)), (.back, .int(refresh.back.count)),
                ])
        }
        if !refresh.gone.isEmpty {
            let files = refresh.gone.count == 1 ? "1 video is" : "\(refresh.gone.count) videos are"
            let reason = present == nil ? "the folder is gone (moved, deleted or unmounted)" : "moved or deleted"
            log.terminal("\(PathBytes.display(folder)): \(files) gone: \(reason); the rows stay until the files are back")
        }
        libraryDriver.reportProbeProgress()
        return refresh
    }

    private func itemVanished(_ id: ItemID) {
        // A probe or poster still waiting would only find the file missing.
        mediaWork.forget(id)
        guard let item = library.item(id) else { return }
        let failure = ProbeFailure.vanished
        log.emit(.probe, path: item.path, fields: [(.error, .string(failure.code)), (.message, log.sentence(.probe(failure)))])
    }

    private func reprobe(_ id: ItemID) {
        mediaWork.reprobe(id)
    }
}
