/// Keeps the library's books: the rows as shown (a search and an order, sorted off the main thread), what the probes
/// found and how far they got, and the search keys. The library itself, the work asked for the rows near the view and
/// the announcements are `LibraryDriver.Owner`'s.
@MainActor
final class LibraryDriver {
    /// What the library's books need from the rest of the app.
    @MainActor
    protocol Owner: AnyObject {
        /// The library as it is now.
        var library: Library { get }
        /// A probe read `id`: the library keeps `state` from now on.
        func read(_ id: ItemID, as state: ProbeState)
        /// Something the user sees changed.
        func announce(_ change: AppChange)
        /// The rows shown changed: what those near the view lack is asked for.
        func requestRowWork()
        /// The rows were listed anew; `reveal` brings the selected row into view.
        func rowsRelisted(reveal: Bool)
    }

    /// The rows the list shows: the whole library or a search's matches, in the chosen order.
    private(set) var shown = ShownRows()
    /// How many files were read (or failed to be) so far.
    private(set) var readCount = 0
    /// Where rows, probe progress and notices are shown.
    weak var presenter: LibraryPresenter?
    private var resortTimer: ScheduledTimer?
    // Files that failed to read since the last notice.
    private var unreadable = UnreadableTally()
    // The per-file lines printed on the terminal while the library is read, the rest summed up once it is.
    private var fileLines = FileLineLimit()
    private weak var owner: Owner?
    private let sorting: BackgroundQueueing
    private let work: BackgroundQueueing
    private let timers: TimerScheduling
    private let log: EventLog

    /// Creates a driver sorting on `sorting`, making search keys on `work`, pacing re-sorts on `timers`, logging to `log`.
    init(sorting: BackgroundQueueing, work: BackgroundQueueing, timers: TimerScheduling, log: EventLog) {
        self.sorting = sorting
        self.work = work
        self.timers = timers
        self.log = log
    }

    /// Connects what the books are kept for.
    func attach(owner: Owner) { self.owner = owner }

    private var library: Library { owner?.library ?? Library() }

    /// Orders the rows by `sort` here and now, before there are any.
    func start(_ sort: RowSort) {
        shown.order(sort, in: library)
    }

    // MARK: Search and order

    /// Shows only the rows whose name or folder holds every word of `text`; blank text shows every row again.
    func search(_ text: String) {
        let query = SearchQuery(text)
        guard query != shown.query else { return }
        let start = ContinuousClock.now
        let wasFiltering = shown.isFiltering
        // The selected row, when the search still shows it, is brought into view.
        if shown.filter(query, in: library) || wasFiltering != shown.isFiltering { showRows(revealing: true) }
        let elapsed = start.duration(to: .now).components
        let ms = Int(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
        log.emit(.search, fields: [(.query, .string(query.text)), (.count, .int(shown.count(in: library))), (.ms, .int(ms))])
    }

    /// Orders the rows by `sort`: a name order at once, the others off the main thread (see `AppController.sortRows`).
    func sortRows(_ sort: RowSort) {
        guard sort != shown.chosenSort else { return }
        let before = shown.sort
        if shown.choose(sort, in: library) { showRows() }
        log.emit(.sort, fields: [(.mode, .string(sort.description))])
        if shown.sort != before { owner?.announce(.sort) }
        startSorting()
    }

    /// Hands the sort the rows want, if any, to the sorting queue: one at a time, each from the library as it is
    /// when it starts.
    func startSorting() {
        guard let job = shown.nextSortJob(from: library) else { return }
        sorting.run({ job.run() }) { [weak self] ranking in self?.sorted(ranking) }
    }

    /// The main thread's share of a sort: the finished order swapped in, if still current, and the window told.
    private func sorted(_ ranking: RowRanking) {
        let before = shown.sort
        if shown.finish(ranking, in: library) == true { showRows() }
        if shown.sort != before { owner?.announce(.sort) }
        startSorting()
    }

    /// Shows the rows again after the library changed under a search or a sort.
    func showReorderedRows() {
        shown.update(for: library)
        showRows()
    }

    /// The library lost rows: the search and the order follow it (the caller shows the rows).
    func followLibrary() {
        shown.update(for: library)
    }

    private func showRows(revealing: Bool = false) {
        presenter?.showRows(count: shown.count(in: library), total: library.count, searching: shown.isFiltering)
        owner?.rowsRelisted(reveal: revealing)
        owner?.requestRowWork()
    }

    /// Probes change what a duration, size or date order knows: the rows are re-sorted at most once a second,
    /// so they settle as probing goes on without reshuffling on every result.
    func scheduleResort() {
        guard resortTimer == nil else { return }
        resortTimer = timers.after(milliseconds: 1000) { [weak self] in
            guard let self else { return }
            resortTimer = nil
            shown.resort()
            startSorting()
        }
    }

    /// Folds the names of `ids` for search on a worker thread, ahead of the first keystroke.
    func prepareSearchKeys(_ ids: [ItemID]) {
        guard !ids.isEmpty else { return }
        // The library is a value: holding it costs nothing here, and the worker looks the items up, rather than the
        // main thread copying 100,000 of them out when a library is listed.
        let library = library
        work.run({ ids.compactMap { library.item($0) }.map { ($0.id, SearchKey($0)) } }) { [weak self] made in
            self?.learnSearchKeys(made)
        }
    }

    private func learnSearchKeys(_ made: [(ItemID, SearchKey)]) {
        let library = library
        shown.learnKeys(made.filter { library.item($0.0) != nil })
    }

    // MARK: Probes

    /// Keeps a probe result and logs it; false when it is out of date.
    func record(_ id: ItemID, _ result: Result<MediaInfo, ProbeFailure>) -> Bool {
        // Only pending items are probed; a result for any other is out of date (its folder changed since).
        guard let item = library.item(id), item.state == .pending else { return false }
        readCount += 1
        switch result {
        case .success(let info):
            owner?.read(id, as: .ready(info))
            defer { owner?.announce(.playback(id)) }
            var fields: [(EventField, JSONValue)] = [(.durationMs, info.durationMs.map(JSONValue.int) ?? .null)]
            fields.append((.width, info.displaySize.map { .int($0.width) } ?? .null))
            fields.append((.height, info.displaySize.map { .int($0.height) } ?? .null))
            fields.append((.codec, info.videoCodec.map(JSONValue.string) ?? .null))
            fields.append((.audioCodec, info.audioCodec.map(JSONValue.string) ?? .null))
            if let damage = info.damage {
                // It plays, so it is no failure, but the user should know why it may end early.
                fields.append((.warning, .string(damage)))
                if fileLines.admit("damaged") { log.terminal("\(PathBytes.display(item.path)): damaged: \(damage)") }
            }
            log.emit(.probe, path: item.path, fields: fields)
        case .failure(let failure):
            owner?.read(id, as: .failed(failure))
            unreadable.probed(failed: true)
            log.emit(.probe, path: item.path, fields: [(.error, .string(failure.code)), (.message, log.sentence(.probe(failure)))])
            if fileLines.admit(failure.code) { log.terminal(.probe(failure), about: item.path) }
        }
        return true
    }

    /// Probes answered: the progress is shown, and an order that needs their values is made again soon.
    func probesAnswered() {
        reportProbeProgress()
        if shown.chosenSort.needsProbes { scheduleResort() }
    }

    /// Counts again what was read, after the library gained or lost rows that were already read.
    func recount() {
        let library = library
        readCount = library.count - library.items.count(where: { $0.state == .pending })
    }

    /// Shows how far the reading got, and once it is done, a notice of what could not be read.
    func reportProbeProgress() {
        let count = library.count
        presenter?.showProbeProgress(done: readCount, total: count)
        // Each row says why; the notice only tells the user to look.
        let allRead = readCount >= count
        if let notice = unreadable.notice(allRead: allRead) { presenter?.showNotice(notice) }
        // Thousands of empty files would otherwise print thousands of lines on every start.
        if allRead { fileLines.summary().forEach(log.terminal) }
    }
}
