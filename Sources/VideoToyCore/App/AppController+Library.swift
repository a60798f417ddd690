/// The library side of the controller: adding files, rows, and the results of probes and posters.
extension AppController {
    /// Adds files to the library, probes them in the background and returns their ids.
    @discardableResult
    public func add(paths: [String]) -> [ItemID] {
        add(LibraryBatch(paths: paths))
        return paths.compactMap { library.id(forPath: $0) }
    }

    /// Adds files put in display order beforehand (off the main thread, for a large folder), probes them in the
    /// background and returns the ids of all of them, in display order. The main thread's share is one merge.
    @discardableResult
    public func add(_ batch: LibraryBatch) -> [ItemID] {
        let before = library.count
        let addition = library.merge(batch)
        pathTable.set(addition.added.compactMap { id in library.item(id).map { (id, $0.path) } })
        log.emit(.library, fields: [(.count, .int(library.count))])
        if shown.isReordered {
            // New rows join the search and the order in their place; the list is shown again as one.
            libraryDriver.showReorderedRows()
        } else if before == 0 {
            presenter?.showLibrary(count: library.count)
        } else if !addition.positions.isEmpty {
            // Files dropped on the window or handed over by a second launch join the list without losing the selection.
            presenter?.insertRows(at: addition.positions, count: library.count)
        }
        rowsRelisted()
        // The remembered answers first: a row near the view whose answer is on its way is not probed meanwhile.
        requestProbes(addition.added)
        requestRowWork()
        libraryDriver.prepareSearchKeys(addition.added)
        announce(.library)
        return addition.ids
    }

    /// Takes what a folder listing (the scan or a rescan) found beside the videos: the rows whose subtitle files
    /// changed name their languages anew, and MPRIS hears of the current one.
    public func sidecarsListed(_ found: SidecarLanguages) {
        for id in library.learnSidecars(found) {
            rowChanged(id)
            announce(.playback(id))
        }
    }

    /// Queues probes for `items`. A backend that remembers results answers the unchanged files first, in chunks
    /// on a worker thread (one stat each, no probe); only the rest are probed.
    func requestProbes(_ ids: [ItemID]) {
        mediaWork.probeRemembering(ids.compactMap { id in library.item(id).flatMap { $0.state == .pending ? (id, $0.path) : nil } })
    }

    /// Files a remembering backend answers in one go: small enough that applying them stays well inside a frame.
    public static let rememberedChunk = MediaWorkDriver.rememberedChunk

    func remembered(_ answers: [(ItemID, Result<MediaInfo, ProbeFailure>?)]) {
        var changed = false
        for (id, answer) in answers {
            mediaWork.answered(id)
            if let answer {
                changed = libraryDriver.record(id, answer) || changed
                requestPosterIfWanted(id)
                rowChanged(id)
            } else if library.item(id)?.state == .pending {
                mediaWork.probe(id, urgent: isInReach(id))
            }
        }
        guard changed else { return }
        libraryDriver.probesAnswered()
    }

    /// The rows the list shows: the whole library or a search's matches, in the chosen order.
    public var shown: ShownRows { libraryDriver.shown }

    /// The id shown at display position `index`.
    public func id(at index: Int) -> ItemID? { shown.id(at: index, in: library) }

    /// The display position of `id`, or nil while a search hides it.
    public func displayIndex(of id: ItemID) -> Int? { shown.index(of: id, in: library) }

    /// How many rows the list shows.
    public var displayCount: Int { shown.count(in: library) }

    /// Shows only the rows whose name or folder holds every word of `text`, ignoring case and accents; blank
    /// text shows every row again. The playing video keeps playing whether or not its row is shown.
    public func search(_ text: String) {
        libraryDriver.search(text)
    }

    /// What the row of `id` shows. A read and nothing more: the rows near the view were asked for by `rowsVisible`.
    public func row(for id: ItemID) -> RowModel? {
        guard let item = library.item(id) else { return nil }
        let detail: RowDetail
        var isError = false, isWarning = false
        switch item.state {
        case .pending: detail = .reading
        case .ready(let info):
            detail = .summary(MediaSummary(info, sidecars: library.sidecarLanguages(of: id))); isWarning = info.damage != nil
        case .failed(let failure): detail = .failed(failure); isError = true
        }
        let poster = isInReach(id) ? mediaWork.poster(id) : nil
        // The policy is the one record of each item's playback; the row only words it.
        var line = RowStatus(policy.states[id])
        if line == .idle, players[id] == nil, quarantine.isMarked(item.path) { line = .closedWhilePlaying }
        if case .screen(let connector)? = views.placement(of: id) {
            line = .onScreen(name: screenDriver.madeBy(connector), connector: connector)
            if let cast = screenDriver.cast, cast.session.item == id {
                line = .casting(name: screenDriver.madeBy(connector), converted: cast.session.converted)
            }
        }
        return RowModel(
            id: id, title: item.name, folder: item.folder, detail: detail,
            status: line, isError: isError || line.isError, isWarning: isWarning,
            poster: poster, hasVideoView: players[id] != nil, placement: players[id] != nil ? views.placement(of: id) : nil)
    }

    /// The poster of `id` wherever its row is (MPRIS art), once made: the current video's is made whether or not its
    /// row is near the view.
    public func poster(for id: ItemID) -> VideoFrame? { mediaWork.poster(id) }

    /// Whether the row of `id` is on screen or near it, where rows show posters.
    func isInReach(_ id: ItemID) -> Bool { displayIndex(of: id).map(mediaWork.isInReach(index:)) ?? false }

    /// Asks for what the rows near the view lack: metadata first, then posters.
    func requestRowWork() {
        let shownCount = displayCount
        let reach = mediaWork.reach.shown.clamped(to: 0..<shownCount)
        for index in reach {
            guard let id = id(at: index) else { continue }
            // A row whose remembered answer is on its way is probed only if none comes.
            if library.item(id)?.state == .pending { mediaWork.probe(id, urgent: true) }
        }
        for index in reach { if let id = id(at: index) { requestPosterIfWanted(id) } }
    }

    /// Asks for the poster of `id` if someone shows it: its row is near the view, or it is the current video.
    func requestPosterIfWanted(_ id: ItemID) {
        guard isInReach(id) || id == policy.current, case .ready(let info)? = library.item(id)?.state, info.hasVideo else { return }
        mediaWork.makePoster(id)
    }

    func probed(_ id: ItemID, _ result: Result<MediaInfo, ProbeFailure>) {
        guard libraryDriver.record(id, result) else { return }
        requestPosterIfWanted(id)
        rowChanged(id)
        // A row selected while it was being read is pre-rolled once it can be.
        if mayPreroll(id) { prerollEvent(.eligible(id)) }
        libraryDriver.probesAnswered()
    }

    /// Orders the rows by `sort`; the selection and the playing video stay. A name order is shown at once; a date,
    /// duration or size order is sorted off the main thread and shown when ready, unless another choice or rows
    /// added or removed made it stale meanwhile. `.sort` is announced (and the order remembered by whoever
    /// subscribes) once the rows show it.
    public func sortRows(_ sort: RowSort) {
        libraryDriver.sortRows(sort)
    }

    func postered(_ id: ItemID, _ frame: VideoFrame?) {
        guard let frame else { return }
        mediaWork.keep(frame, for: id)
        rowChanged(id)
        // MPRIS shows it as the current video's art.
        if id == policy.current { announce(.playback(id)) }
    }

    /// How a person knows the screen on `connector`: its maker and model, else the connector.
    func screenName(_ connector: String) -> String { screenDriver.name(ofConnector: connector) }

    /// The last playable row before `id`'s in the list as shown, for MPRIS Previous.
    public func playable(before id: ItemID) -> ItemID? {
        guard let index = displayIndex(of: id) else { return nil }
        return firstPlayable(in: (0..<index).reversed())
    }

    /// The first playable row of the list as shown.
    public var firstPlayable: ItemID? { firstPlayable(in: 0..<displayCount) }

    func firstPlayable(in positions: some Sequence<Int>) -> ItemID? {
        for position in positions {
            if let id = id(at: position), library.item(id)?.isPlayable == true { return id }
        }
        return nil
    }
}

/// What the media work reports to the controller, which keeps the library.
extension AppController: MediaWorkDriver.Owner {}

/// What the library's books need from the controller, which keeps the library.
extension AppController: LibraryDriver.Owner {
    func read(_ id: ItemID, as state: ProbeState) {
        library.update(id, state: state)
        if case .ready(let info) = state { pathTable.setDuration(id, info.durationMs) }
    }
}
