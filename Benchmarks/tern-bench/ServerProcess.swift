import Foundation

/// The `tern-bench serve` child: started first, stopped last by closing its standard input.
struct ServerProcess: Sendable {
    let child: ChildProcess
    /// `http://127.0.0.1:<port>`.
    let base: URL
    private let input: Int32

    /// Starts `executable serve` and waits (at most 30 s) for its `PORT <n>` line.
    init(executable: String) throws {
        let input = try ChildPipe()
        let output = try ChildPipe()
        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable, ["serve"], standardInput: input.readEnd, standardOutput: output.writeEnd)
        } catch {
            for end in [input.readEnd, input.writeEnd, output.readEnd, output.writeEnd] { close(end) }
            throw error
        }
        close(input.readEnd)
        close(output.writeEnd)
        defer { close(output.readEnd) }
        guard let line = Self.readLine(output.readEnd, timeoutMilliseconds: 30_000),
            line.hasPrefix("PORT "), let port = Int(line.dropFirst(5))
        else {
            close(input.writeEnd)
            kill(child.pid, SIGKILL)
            _ = child.wait(timeout: .seconds(5))
            throw BenchError.server("the server did not report its port")
        }
        self.child = child
        self.input = input.writeEnd
        base = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Closes the server's standard input and waits for it; SIGKILL after 10 s.
    func stop() {
        close(input)
        _ = child.wait(timeout: .seconds(10))
    }

    /// One line from `descriptor`, or `nil` at end of file or when nothing comes in time.
    private static func readLine(_ descriptor: Int32, timeoutMilliseconds: Int32) -> String? {
        var line = [UInt8]()
        var byte: UInt8 = 0
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, timeoutMilliseconds) > 0, read(descriptor, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
    }
}
