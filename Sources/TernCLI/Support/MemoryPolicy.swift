/// How the process asks glibc's allocator to hand memory back.
///
/// Transfers move 256 KiB chunks between a task's thread and the event loop's. glibc raises its
/// mmap threshold after the first such chunk is freed, so later chunks come from per-thread arenas
/// that keep freed memory: an upload of 100 MiB left 10–20 MiB of anonymous memory in arenas.
/// A fixed threshold keeps chunks of 128 KiB and more in their own mappings, returned when freed.
enum MemoryPolicy {
    static func apply() {
        #if os(Linux)
            _ = glibcMallopt(mmapThreshold, 128 * 1024)
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
}

#if os(Linux)
    @_silgen_name("mallopt")
    private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32

    @_silgen_name("malloc_trim")
    private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
