import CGLib
import Glibc

/// Process-wide settings made once at start-up, before any streaming thread exists.
public enum ProcessTuning {
    /// Caps glibc's malloc arenas: by default each GStreamer streaming thread may get one (up to 8 per
    /// core), and they kept tens of megabytes of freed frame memory in the benchmark's play/stop cycles.
    public static func limitMallocArenas(to count: Int32 = 2) {
        vt_limit_malloc_arenas(count)
    }

    /// Gives the memory malloc holds freed back to the system: listing a large library frees a few hundred bytes
    /// per file of scan and sort state at once, which glibc would otherwise keep. Blocking; call it off the main
    /// thread.
    public static func releaseFreedMemory() {
        _ = malloc_trim(0)
    }
}
