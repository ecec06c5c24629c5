public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP port on 127.0.0.1 that accepts no connection: its backlog is full, so new connection
/// attempts hang until the client's connect timeout. For connect-timeout tests, without leaving
/// the machine.
public final class UnresponsiveListener: Sendable {
    /// The port connection attempts hang on.
    public let port: Int
    private let descriptors: [Int32]

    /// Opens the listener and fills its backlog (waiting 50 ms for the fillers to land, without
    /// holding a thread); throws when sockets cannot be made.
    public init() async throws {
        let (listener, port) = try RawSocket.listenOnLoopback(backlog: 0)
        self.port = port
        var address = RawSocket.loopback(port: port)
        // Connections that complete fill the accept queue (never accepted); once it is full the
        // kernel drops further SYNs, so later connects hang.
        var fillers: [Int32] = []
        for _ in 0..<4 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard filler >= 0 else { continue }
            _ = fcntl(filler, F_SETFL, fcntl(filler, F_GETFL) | O_NONBLOCK)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            fillers.append(filler)
        }
        descriptors = [listener] + fillers
        try? await Task.sleep(for: .milliseconds(50))
    }

    /// The URL of `path` on the unresponsive port.
    public func url(_ path: String = "/") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    deinit {
        for descriptor in descriptors { close(descriptor) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
