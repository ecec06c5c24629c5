import Foundation
import HTTPTypes
import Tern
import TernExplorer

/// Prints a response: pretty JSON and a summary when stdout is a terminal, raw bytes otherwise; with
/// `-o FILE`, writes the body to FILE whatever its source (the network, the cache or a sample).
///
/// On a terminal it reads as HTTPie's: the status line, the headers, the body; then the summary line
/// (`200 OK · LIVE · 12 ms`) and the timing line on stderr.
struct ResponsePrinter {
    let include: Bool
    /// The body went out already, item by item as it streamed (`StreamPrinter`): only the head and
    /// the summary are left.
    var bodyPrinted = false
    /// The timing line printed after the summary: on stdout (HTTPie's `--print m`) or stderr.
    var timing: (line: String, stdout: Bool)?

    init(include: Bool, bodyPrinted: Bool = false) {
        self.include = include
        self.bodyPrinted = bodyPrinted
    }

    /// Prints `response`; with `output`, writes its body there (`append` for `--continue`).
    func print(_ response: Response, output: String?, append: Bool = false) throws {
        let out = StandardStream.output
        if include {
            // The protocol the transport negotiated (HTTP/2 by ALPN), HTTP/1.1 for cache and sample answers.
            let version = response.connection?.httpVersion ?? "HTTP/1.1"
            // Each redirect followed, as its status line and where it led, then the final answer.
            var head = ""
            for hop in response.redirects {
                let reason = HTTPResponse.Status(standardCode: hop.status).reasonPhrase
                head += "\(version) \(hop.status) \(reason)\nLocation: \(hop.to)\n\n"
            }
            head += "\(version) \(response.statusCode) \(response.status.reasonPhrase)\n"
            for field in response.headers { head += "\(field.name.rawName): \(field.value)\n" }
            out.write(head + "\n")
        }
        defer {
            Self.announce(response)
            Self.announceDecoding(response, include: include)
            if let timing { (timing.stdout ? out : StandardStream.error).write(timing.line + "\n") }
        }
        if let output, append, response.statusCode == 416 {
            StandardStream.error.write("\(output) is already complete (the server has no bytes past its end)\n")
            return
        }
        if let output {
            let written = try save(response, to: output, append: append)
            StandardStream.error.write("saved \(HumanUnits.bytes(written)) to \(output)\n")
            return
        }
        if bodyPrinted { return }
        if let file = response.fileURL, response.body.isEmpty {
            Self.writeBody(file: file, contentType: response.headers[.contentType])
            return
        }
        Self.writeBody(response.body, contentType: response.headers[.contentType])
    }

    /// The summary line on a terminal; where stderr is not one, a line still says when the answer did not
    /// come from the network, and a stale answer served because the network failed is always announced.
    static func announce(_ response: Response, now: Date = Date()) {
        let summary = ResponseSummary(response, now: now)
        let badge = summary.badge
        let err = StandardStream.error
        if err.isTerminal {
            err.write(summary.line + "\n")
            // The protocol alone (`HTTP/1.1`) says nothing the status line does not: only TLS or a proxy is shown.
            if let connection = summary.connection, connection != response.connection?.httpVersion {
                err.write(connection + "\n")
            }
        } else if response.source != .live {
            err.write("tern: \(response.statusCode) from \(badge.text); --mode live sends it\n")
        }
        if case .staleOffline(let reason)? = response.cache?.state {
            let age = badge.age.map { $0.replacingOccurrences(of: "stored ", with: "") } ?? "earlier"
            err.write(
                "tern: warning: \(reason)\ntern: warning: this is the answer stored \(age), not a live one\n")
        }
    }

    /// With `--include` (whose headers show the `Content-Encoding` of the body as sent), a line on stderr says the
    /// body was decoded (`gzip 3.1 KB → 48.0 KB`) unless the terminal's summary line said it; a coding left as
    /// received is always announced.
    static func announceDecoding(_ response: Response, include: Bool) {
        guard let decoding = response.contentDecoding else { return }
        let err = StandardStream.error
        if !decoding.isDecoded {
            err.write("tern: \(decoding.note ?? "the body is as received")\n")
        } else if include, !err.isTerminal {
            err.write("tern: the body was decoded: \(ResponseSummary.encoding(decoding))\n")
        }
    }

    /// Writes the body to `path` under `OutputFile`'s rules; returns the bytes written.
    private func save(_ response: Response, to path: String, append: Bool) throws -> Int64 {
        let destination = URL(
            fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let mode: OutputFile.Mode = append && response.statusCode == 206 ? .append : .replace
        if let file = response.fileURL, response.body.isEmpty {
            if mode == .replace {
                // A stored answer's file stays the cache's: the destination gets a copy of it.
                let isStored = response.cache != nil || response.source != .live
                return try OutputFile.place(file, at: destination, sourceIsKept: isStored)
            }
            return try OutputFile.write(contentsOf: file, to: destination, mode: mode)
        }
        let writer = try OutputFile.open(destination, mode: mode)
        do {
            try writer.write(response.body)
            try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
        return Int64(response.body.count)
    }

    /// Pretty JSON on a terminal (binary bodies summarised), the raw bytes otherwise.
    static func writeBody(_ body: Data, contentType: String?) {
        let out = StandardStream.output
        guard out.isTerminal else {
            out.write(body)
            return
        }
        switch BodyRendering(body, contentType: contentType) {
        case .empty:
            break
        case .json(let pretty):
            out.write(pretty + "\n")
        case .text(let text):
            out.write(text.hasSuffix("\n") ? text : text + "\n")
        case let binary:
            out.write("[\(binary.binarySummary ?? ""); use -o FILE to save it]\n")
        }
    }

    /// A body streamed to a file: copied to stdout in chunks when it is not a terminal; on a terminal,
    /// shown like an in-memory body when it is small, else summarised.
    static func writeBody(file: URL, contentType: String?) {
        let out = StandardStream.output
        guard let handle = try? FileHandle(forReadingFrom: file) else {
            StandardStream.error.write("tern: the body at \(file.path) could not be read\n")
            return
        }
        defer { try? handle.close() }
        if !out.isTerminal {
            while let chunk = try? handle.read(upToCount: OutputFile.chunkSize), !chunk.isEmpty { out.write(chunk) }
            return
        }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: 0)
        if size <= 10_000_000, let data = try? handle.readToEnd() {
            writeBody(data, contentType: contentType)
        } else {
            out.write(
                "[\(HumanUnits.bytes(Int64(clamping: size))) body (\(contentType ?? "no content type")); use -o "
                    + "FILE to save it]\n"
            )
        }
    }
}
