import NIOCore
import NIOPosix

/// Runs a task's jobs on the event loop threads the server's sockets are served on (NIO's singleton
/// group). The server's tasks (accepting, reading, answering) then never wait for the few threads of the
/// concurrency pool, which a busy process (a test run timing its own server, a TUI) may keep for seconds: a
/// starved mock would answer late, and what a client measures of it would be wrong. No thread is added:
/// each would cost the process its stack and a malloc arena.
final class EventLoopExecutor: TaskExecutor {
    /// The executor every mock server's tasks run on.
    static let shared = EventLoopExecutor(group: .singleton)

    private let group: MultiThreadedEventLoopGroup

    init(group: MultiThreadedEventLoopGroup) {
        self.group = group
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        group.next().execute { job.runSynchronously(on: executor) }
    }
}
