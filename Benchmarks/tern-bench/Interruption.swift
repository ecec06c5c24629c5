import Foundation
import Synchronization

/// On SIGINT or SIGTERM: kills the children still running, removes the workspace, exits 130.
enum Interruption {
    private struct State {
        var live: Set<pid_t> = []
        /// Set once a signal came: no child starts after that, so none outlives the sweep.
        var stopping = false
    }

    private static let state = Mutex(State())

    /// Installs the handlers; they work while the caller keeps the returned sources.
    static func install(removing directory: URL) -> [any DispatchSourceSignal] {
        let path = directory.path
        return [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let children = state.withLock { state in
                    state.stopping = true
                    return state.live
                }
                for pid in children {
                    kill(pid, SIGKILL)
                    waitpid(pid, nil, 0)  // reap it: nobody else will once this process is gone
                }
                remove(path)
                FileHandle.standardError.write(Data("tern-bench: interrupted; children killed, \(path) removed\n".utf8))
                exit(130)
            }
            source.resume()
            return source
        }
    }

    /// Deletes `path`, trying again for up to a second: the main thread may still be writing into it
    /// (a file copy, a child's output file) until it notices that no child can start any more.
    private static func remove(_ path: String) {
        for _ in 0..<20 where FileManager.default.fileExists(atPath: path) {
            try? FileManager.default.removeItem(atPath: path)
            usleep(50_000)
        }
    }

    /// Runs `spawn`, which starts a child and returns its pid (`nil` when it could not), and records
    /// the child, unless an interruption is under way; returns whether `spawn` ran.
    static func starting(_ spawn: () -> pid_t?) -> Bool {
        state.withLock { state in
            guard !state.stopping else { return false }
            if let pid = spawn() { state.live.insert(pid) }
            return true
        }
    }

    /// Whether a signal is being handled (the handler exits the process when it is done).
    static var isStopping: Bool { state.withLock { $0.stopping } }

    /// Called before the process exits on its own: while a signal is being handled, waits (at most
    /// 10 s) for the handler, which kills the children, removes the directory and exits with 130.
    static func finishing() {
        guard isStopping else { return }
        sleep(10)
    }

    /// Forgets a child that has ended (called before it is reaped, so its pid is still its own).
    static func ended(_ pid: pid_t) {
        _ = state.withLock { $0.live.remove(pid) }
    }
}
