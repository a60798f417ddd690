/// Carries out the library's media work: probes and posters on the work port, a bounded number at a time, the rows
/// near the view first, and the posters kept for them. What a probe or a poster found goes to `MediaWorkDriver.Owner`,
/// which keeps the library.
@MainActor
final class MediaWorkDriver {
    /// What the media work reports to and asks of the rest of the app.
    @MainActor
    protocol Owner: AnyObject {
        /// The display position of `id`, or nil while it is not shown.
        func displayIndex(of id: ItemID) -> Int?
        /// A probe of `id` came back.
        func probed(_ id: ItemID, _ result: Result<MediaInfo, ProbeFailure>)
        /// Remembered answers came back, one per item asked (nil: not remembered).
        func remembered(_ answers: [(ItemID, Result<MediaInfo, ProbeFailure>?)])
        /// A poster of `id` came back (nil: none could be made).
        func postered(_ id: ItemID, _ frame: VideoFrame?)
    }

    /// Files a remembering backend answers in one go: small enough that applying them stays well inside a frame.
    static let rememberedChunk = 500

    /// The path and duration of each item, read by the work off the main thread.
    let paths = PathTable()
    private var probes: WorkScheduler<ItemID, Result<MediaInfo, ProbeFailure>>!
    private var posterJobs: WorkScheduler<ItemID, VideoFrame?>!
    // Pending items whose answer a remembering backend is looking up.
    private var askingMemory = ItemFlags()
    // About 250 KB each at row size: enough for several screens of scrolling back, bounded for huge libraries.
    private var posters = PosterCache(capacity: 48)
    /// The rows on screen now, for ordering work, and the ones near them that show posters.
    private(set) var reach = PosterReach()
    private let backend: MediaBackend
    private let work: BackgroundQueueing
    private weak var owner: Owner?

    /// Creates a driver probing with `backend` on `work`; `workers` bounds the probes and posters at once.
    init(backend: MediaBackend, work: BackgroundQueueing, workers: Int) {
        self.backend = backend
        self.work = work
        let paths = paths
        probes = WorkScheduler(
            limit: workers, queue: work,
            work: { id in
                guard let path = paths.path(id) else { return .failure(.vanished) }
                return backend.probe(path: path)
            }, deliver: { [weak self] id, result in self?.owner?.probed(id, result) })
        posterJobs = WorkScheduler(
            limit: max(1, workers - 1), queue: work,
            work: { id in
                guard let path = paths.path(id) else { return nil }
                return backend.poster(path: path, durationMs: paths.duration(id))
            }, deliver: { [weak self] id, frame in self?.owner?.postered(id, frame) })
        // Metadata for the whole library comes first: on two cores a decoding poster would halve the probing,
        // and every row needs its metadata to be listed, sorted and searched, while only the rows on screen show a
        // poster. Posters start once no probe waits or runs.
        // Nor while a video the user asked for waits for its first picture: a poster's decoding would delay it.
        posterJobs.mayStart = { [weak self] in
            guard let self else { return false }
            return probes.pendingCount == 0 && !holdsPosters()
        }
        probes.onIdle = { [weak self] in self?.posterJobs.resume() }
    }

    /// Whether posters must wait for now (a player is starting); `resumePosters()` once it says no again.
    var holdsPosters: () -> Bool = { false }

    /// Starts the posters that waited for `holdsPosters`.
    func resumePosters() { posterJobs.resume() }

    /// Connects what the work reports to; jobs are then ordered by their rows' distance from the rows on screen.
    func attach(owner: Owner) {
        self.owner = owner
        let distance: (ItemID) -> Int = { [weak self] id in
            guard let self, let index = owner.displayIndex(of: id) else { return Int.max }
            let visibleRows = reach.visible
            if visibleRows.contains(index) { return 0 }
            return index < visibleRows.lowerBound ? visibleRows.lowerBound - index : index - visibleRows.upperBound + 1
        }
        probes.priority = distance
        posterJobs.priority = distance
    }

    /// Whether metadata or posters are still to make.
    var isBusy: Bool { probes.pendingCount > 0 || posterJobs.pendingCount > 0 }

    /// Records the rows on screen; returns the positions that came into reach or left it, to be shown again.
    func show(_ range: Range<Int>) -> [Int] { reach.show(range) }

    /// Whether the row at display position `index` is on screen or near it, where rows show posters.
    func isInReach(index: Int) -> Bool { reach.contains(index) }

    /// The poster of `id`, once made.
    func poster(_ id: ItemID) -> VideoFrame? { posters[id] }

    /// Keeps the poster of `id`.
    func keep(_ frame: VideoFrame, for id: ItemID) { posters[id] = frame }

    /// Queues a probe of `id`; an urgent one (a row near the view) is left to a remembered answer on its way.
    func probe(_ id: ItemID, urgent: Bool) {
        if urgent, askingMemory.contains(id) { return }
        probes.request(id, urgent: urgent)
    }

    /// Queues a poster of `id` unless one is kept.
    func makePoster(_ id: ItemID) {
        guard posters[id] == nil else { return }
        posterJobs.request(id, urgent: true)
    }

    /// The row of `id` left the screen (recycled): its pending probe waits behind the rows on screen, and its poster
    /// is no longer wanted.
    func rowHidden(_ id: ItemID) {
        probes.withdraw(id)
        posterJobs.dropQueued(id)
    }

    /// Forgets all work for `id` and its poster (its row went, or its file vanished).
    func forget(_ id: ItemID) {
        probes.invalidate(id)
        posterJobs.invalidate(id)
        posters[id] = nil
    }

    /// Probes `id` again: the file may differ from the one the poster and duration came from.
    func reprobe(_ id: ItemID) {
        forget(id)
        paths.setDuration(id, nil)
        probes.request(id, urgent: false)
    }

    /// Asks the backend's memory for `jobs` if it has one, else queues their probes. Chunks are answered on the work
    /// port one in flight at a time, so the main thread gets a chunk's worth of rows at once and never more.
    func probeRemembering(_ jobs: [(ItemID, String)]) {
        guard let remembering = backend as? RememberingBackend, !jobs.isEmpty else {
            for (id, _) in jobs { probes.request(id, urgent: false) }
            return
        }
        askingMemory.insert(contentsOf: jobs.lazy.map(\.0))
        askMemory(jobs[...], remembering)
    }

    /// A remembered answer for `id` arrived (or none did): an urgent probe is no longer held back for it.
    func answered(_ id: ItemID) { askingMemory.remove(id) }

    private func askMemory(_ jobs: ArraySlice<(ItemID, String)>, _ remembering: RememberingBackend) {
        guard !jobs.isEmpty else { return }
        let part = Array(jobs.prefix(Self.rememberedChunk))
        let rest = jobs.dropFirst(part.count)
        work.run({ remembering.rememberedProbes(part.map(\.1)) }) { [weak self] known in
            guard let self else { return }
            // The next chunk is answered while this one is applied.
            askMemory(rest, remembering)
            owner?.remembered(zip(part.map(\.0), known).map { ($0, $1) })
        }
    }
}
