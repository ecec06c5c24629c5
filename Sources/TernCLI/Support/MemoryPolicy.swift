#if os(Linux)
    import Glibc
#endif

/// How the process asks glibc's allocator to hand memory back.
///
/// Transfers move 256 KiB chunks between a task's thread and the event loop's. glibc raises its
/// mmap threshold after the first such chunk is freed, so later chunks come from per-thread arenas
/// that keep freed memory: an upload of 100 MiB left 10–20 MiB of anonymous memory in arenas.
/// A fixed threshold keeps chunks of 128 KiB and more in their own mappings, returned when freed.
///
/// glibc also gives a thread that finds the arenas busy an arena of its own, up to eight a core; each keeps
/// its freed pages. At most one a core is what the process's threads can use at once (the event loops and
/// Swift's pool have a thread a core): the idle TUI on a 623-spec workspace kept 0.5 MiB less, and `tern
/// load` beside wrk measured the same within the noise (docs/benchmarks.md, "Arenas").
enum MemoryPolicy {
    static func apply() {
        #if os(Linux)
            _ = glibcMallopt(mmapThreshold, 128 * 1024)
            _ = glibcMallopt(arenaMax, Int32(clamping: max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        #endif
    }

    /// Hands the pages of freed memory back to the system (glibc's `malloc_trim`): after a burst of work
    /// that leaves little behind, such as reading every spec file of a workspace.
    static func returnFreedMemory() {
        #if os(Linux)
            _ = glibcMallocTrim(0)
        #endif
    }

    /// `M_MMAP_THRESHOLD` in glibc's `<malloc.h>` (which the Glibc module does not show).
    private static let mmapThreshold: Int32 = -3
    /// `M_ARENA_MAX`.
    private static let arenaMax: Int32 = -8
}

#if os(Linux)
    @_silgen_name("mallopt")
    private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32

    @_silgen_name("malloc_trim")
    private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
