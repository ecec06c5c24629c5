import Foundation
import TernMock

/// `tern-bench serve`: the mock server in a process of its own, so its memory is not the client's.
///
/// Binds 127.0.0.1 on a free port, prints `PORT <n>`, and serves until its standard input
/// closes (the orchestrator holds the other end) or it gets SIGTERM.
enum ServeCommand {
    static func run() async throws {
        let server = try await MockServer.start(host: "127.0.0.1", port: 0)
        FileHandle.standardOutput.write(Data("PORT \(server.port)\n".utf8))
        await standardInputClosed()
        try await server.shutdown()
    }

    /// Returns when standard input reaches end of file. The blocking read runs on a thread of
    /// its own, never on the two cooperative threads that serve requests.
    private static func standardInputClosed() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                var scratch = [UInt8](repeating: 0, count: 256)
                while true {
                    let count = read(0, &scratch, scratch.count)
                    if count == 0 || (count < 0 && errno != EINTR) { break }
                }
                continuation.resume()
            }
        }
    }
}
