import Foundation
import Synchronization

#if canImport(Glibc)
    import CoreFoundation
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C in the interactive REPL: it cancels the running command, or drops the line being typed;
/// it never ends the REPL.
///
/// A `sigaction` handler (installed without `SA_RESTART`) does only async-signal-safe work: when
/// the line editor's thread is blocked in `readline` and the signal landed on another thread, it
/// forwards it there with `pthread_kill`; otherwise it counts it and writes a byte to a pipe. On
/// the editor's thread the signal interrupts `read`, and the editor's input function sees the
/// count change and ends the line. A plain thread reads the pipe and cancels the command
/// registered with `whileRunning(cancel:_:)`. Signal dispositions are process-wide, so there is
/// one instance.
final class Interrupts: Sendable {
    /// The process's instance.
    static let shared = Interrupts()

    private let cancelRunning = Mutex<(@Sendable () -> Void)?>(nil)
    private let installed = Mutex(false)

    private init() {}

    /// Installs the handler and starts the thread that acts on it (once).
    func install() {
        let first = installed.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first else { return }
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return }
        // The handler must never block: a full pipe drops the byte (the count still moves).
        _ = fcntl(descriptors[1], F_SETFL, fcntl(descriptors[1], F_GETFL) | O_NONBLOCK)
        // Initialise the globals the handler reads before it can run.
        interruptPipe = descriptors[1]
        editorThread.store(0, ordering: .sequentiallyConsistent)
        _ = interruptCount.load(ordering: .sequentiallyConsistent)
        let reader = descriptors[0]
        Thread.detachNewThread { [self] in
            var byte: UInt8 = 0
            while true {
                let count = read(reader, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return }
                cancelRunning.withLock { $0 }?()
            }
        }
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = interruptHandler
        #else
            action.__sigaction_u.__sa_handler = interruptHandler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: readline's read must fail with EINTR
        sigaction(SIGINT, &action, nil)
    }

    /// Puts SIGINT back to its default.
    func uninstall() {
        guard installed.withLock({ $0 }) else { return }
        signal(SIGINT, SIG_DFL)
    }

    /// Runs `body` with Ctrl-C calling `cancel`.
    func whileRunning<T>(cancel: @escaping @Sendable () -> Void, _ body: () async -> T) async -> T {
        cancelRunning.withLock { $0 = cancel }
        defer { cancelRunning.withLock { $0 = nil } }
        return await body()
    }

    /// How many interrupts arrived so far (the line editor compares counts around a read).
    static var count: Int { interruptCount.load(ordering: .sequentiallyConsistent) }

    /// Marks the calling thread as the one blocked in `readline` (or none, with `false`).
    static func markEditorThread(_ reading: Bool) {
        editorThread.store(reading ? threadNumber(pthread_self()) : 0, ordering: .sequentiallyConsistent)
    }
}

/// The thread blocked in `readline`, as a number (0: none). Read by the signal handler.
private let editorThread = Atomic<UInt>(0)
/// Interrupts counted (not forwarded) by the handler.
private let interruptCount = Atomic<Int>(0)
/// The write end of the interrupt pipe. Written once before the handler is installed, then only read.
nonisolated(unsafe) private var interruptPipe: Int32 = -1

private let interruptHandler: @convention(c) (Int32) -> Void = { signal in
    let reader = editorThread.load(ordering: .sequentiallyConsistent)
    if reader != 0, let thread = thread(reader), pthread_equal(pthread_self(), thread) == 0 {
        pthread_kill(thread, signal)
        return
    }
    interruptCount.wrappingAdd(1, ordering: .sequentiallyConsistent)
    var byte: UInt8 = 1
    _ = write(interruptPipe, &byte, 1)
}

#if canImport(Glibc)
    private func threadNumber(_ thread: pthread_t) -> UInt { thread }
    private func thread(_ number: UInt) -> pthread_t? { number }
#else
    private func threadNumber(_ thread: pthread_t) -> UInt { UInt(bitPattern: thread) }
    private func thread(_ number: UInt) -> pthread_t? { pthread_t(bitPattern: number) }
#endif
