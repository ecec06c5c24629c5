public import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server on 127.0.0.1 that records each request exactly as it arrived (method case,
/// target, header lines in order, body bytes) and answers `200 ok`. NIO's parser rejects methods
/// such as `wHat`, so the curl differential tests use this one. Bounded: 64 KiB of head, 16 MiB of
/// body, 10 s per read.
public final class RawEchoServer: Sendable {
    /// One request as received.
    public struct Received: Sendable {
        /// The method exactly as sent.
        public var method: String
        /// The request target (path and query) as sent.
        public var target: String
        /// The header lines in order.
        public var headers: [(name: String, value: String)]
        /// The body (de-chunked).
        public var body: Data

        /// The values of the header `name`, one per line.
        public func values(_ name: String) -> [String] {
            headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        }
    }

    /// The port on 127.0.0.1.
    public let port: Int
    private let listener: Int32
    private let received = Mutex<[Received]>([])

    /// Starts listening; throws when no socket can be bound.
    public init() throws {
        let (socketDescriptor, port) = try RawSocket.listenOnLoopback(backlog: 16)
        self.port = port
        listener = socketDescriptor
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops accepting. The accept loop closes the listening socket itself once `accept` fails: closed here,
    /// its descriptor number could be given to another server's socket while the loop, between two
    /// connections, was about to call `accept` on it again — and take that server's connections (seen once in
    /// a parallel run: a request recorded by the previous test's server).
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    /// The base URL (`http://127.0.0.1:PORT`).
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Everything received so far, and forgets it.
    public func take() -> [Received] {
        received.withLock { list in
            defer { list = [] }
            return list
        }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                close(listener)
                return
            }
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            if let request = read(client) {
                received.withLock { $0.append(request) }
                send(
                    client,
                    "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
            }
            close(client)
        }
    }

    private func send(_ client: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Bytes read from one client, with a bound.
    private final class Connection {
        let client: Int32
        var buffer = Data()
        private var chunk = [UInt8](repeating: 0, count: 65_536)

        init(_ client: Int32) { self.client = client }

        /// Reads more; false on end, timeout or too much.
        func fill() -> Bool {
            let count = recv(client, &chunk, chunk.count, 0)
            guard count > 0, buffer.count + count <= (16 << 20) + 65_536 else { return false }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }

        /// Reads until `count` bytes are buffered.
        func need(_ count: Int) -> Bool {
            while buffer.count < count { guard fill() else { return false } }
            return true
        }

        /// Reads until `marker` is buffered; its range.
        func find(_ marker: Data) -> Range<Data.Index>? {
            while true {
                if let range = buffer.range(of: marker) { return range }
                guard buffer.count < (16 << 20), fill() else { return nil }
            }
        }
    }

    private func read(_ client: Int32) -> Received? {
        let connection = Connection(client)
        guard let end = connection.find(Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: connection.buffer[..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", maxSplits: 2).map(String.init)
        guard requestLine.count == 3 else { return nil }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var request = Received(method: requestLine[0], target: requestLine[1], headers: headers, body: Data())
        if request.values("Expect").first?.lowercased() == "100-continue" {
            send(client, "HTTP/1.1 100 Continue\r\n\r\n")
        }
        connection.buffer = Data(connection.buffer[end.upperBound...])
        if let length = request.values("Content-Length").first.flatMap(Int.init), length >= 0, length <= 16 << 20 {
            guard connection.need(length) else { return nil }
            request.body = Data(connection.buffer.prefix(length))
        } else if request.values("Transfer-Encoding").first?.lowercased() == "chunked" {
            guard let body = dechunk(connection) else { return nil }
            request.body = body
        }
        return request
    }

    private func dechunk(_ connection: Connection) -> Data? {
        var body = Data()
        for _ in 0..<100_000 {
            guard let lineEnd = connection.find(Data("\r\n".utf8)),
                let size = Int(String(decoding: connection.buffer[..<lineEnd.lowerBound], as: UTF8.self), radix: 16),
                size >= 0, size <= 16 << 20
            else { return nil }
            connection.buffer = Data(connection.buffer[lineEnd.upperBound...])
            guard connection.need(size + 2) else { return nil }
            body.append(connection.buffer.prefix(size))
            connection.buffer = Data(connection.buffer.dropFirst(size + 2))
            if size == 0 { return body }
        }
        return nil
    }

    /// Why the server could not start.
    public struct Failure: Error {
        /// What failed.
        public let message: String
        init(_ message: String) { self.message = message }
    }
}
