import Foundation
import Synchronization

/// On SIGINT or SIGTERM: kills the children still running, removes the workspace, exits 130.
enum Interruption {
    private static let live = Mutex<Set<pid_t>>([])

    /// Installs the handlers; they work while the caller keeps the returned sources.
    static func install(removing directory: URL) -> [any DispatchSourceSignal] {
        let path = directory.path
        return [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let children = live.withLock { $0 }
                for pid in children {
                    kill(pid, SIGKILL)
                    waitpid(pid, nil, 0)  // reap it: nobody else will once this process is gone
                }
                try? FileManager.default.removeItem(atPath: path)
                FileHandle.standardError.write(Data("tern-bench: interrupted; children killed, \(path) removed\n".utf8))
                exit(130)
            }
            source.resume()
            return source
        }
    }

    /// Records a running child.
    static func started(_ pid: pid_t) {
        _ = live.withLock { $0.insert(pid) }
    }

    /// Forgets a child that has ended (called before it is reaped, so its pid is still its own).
    static func ended(_ pid: pid_t) {
        _ = live.withLock { $0.remove(pid) }
    }
}
