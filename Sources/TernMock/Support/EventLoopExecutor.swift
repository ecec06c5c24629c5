import NIOCore
import NIOPosix

/// Runs a task's jobs on an event loop thread of the mock's own. The server's tasks (accepting, reading,
/// answering) then never wait for the few threads of the concurrency pool, which a busy process (a test
/// run timing its own server, a TUI) may keep for seconds: a starved mock would answer late, and what a
/// client measures of it would be wrong.
final class EventLoopExecutor: TaskExecutor {
    /// The threads every mock server's tasks run on, made when the first server starts.
    static let shared = EventLoopExecutor(group: MultiThreadedEventLoopGroup(numberOfThreads: 2))

    private let group: MultiThreadedEventLoopGroup

    private init(group: MultiThreadedEventLoopGroup) {
        self.group = group
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        group.next().execute { job.runSynchronously(on: executor) }
    }
}
