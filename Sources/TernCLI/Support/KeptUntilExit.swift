import Synchronization

/// What a command has finished with, kept until the process exits instead of released. The cache's
/// connections are closed by then; releasing them would only run GRDB's deinitializers, whose
/// notification-center removal costs a one-shot send from the cache a tenth of its instructions (a
/// dynamic cast that scans every protocol conformance in the binary; docs/benchmarks.md). `tern` runs
/// one command per process, so nothing accumulates.
enum KeptUntilExit {
    private static let kept = Mutex<[any Sendable]>([])

    static func keep(_ values: any Sendable...) {
        kept.withLock { $0.append(contentsOf: values) }
    }
}
