import CGLib

/// Process-wide settings made once at start-up, before any streaming thread exists.
public enum ProcessTuning {
    /// Caps glibc's malloc arenas: by default each GStreamer streaming thread may get one (up to 8 per
    /// core), and they kept tens of megabytes of freed frame memory in the benchmark's play/stop cycles.
    public static func limitMallocArenas(to count: Int32 = 2) {
        vt_limit_malloc_arenas(count)
    }
}
