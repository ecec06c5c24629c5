import Foundation
import Tern
import TernExplorer

extension SendArguments {
    /// The changes `--header`, `--query`, `--body` and `-o` make to the send, and who watches its events.
    func makeAdjustments(waiting: WaitingLine?) throws -> SendAdjustments {
        var adjustments = SendAdjustments()
        adjustments.checksGraphQL = checksGraphQL
        for header in headers {
            guard let colon = header.firstIndex(of: ":") else {
                throw CommandFailure.usage("--header '\(header)' is not 'Name: value'")
            }
            let name = header[..<colon].trimmingWhitespace()
            guard !name.isEmpty else { throw CommandFailure.usage("--header '\(header)' has no name") }
            adjustments.headers.append(
                (name: name, value: header[header.index(after: colon)...].trimmingWhitespace()))
        }
        adjustments.query = try NameValuePairs.parse(query, option: "--query").sorted { $0.key < $1.key }.map {
            (name: $0.key, value: $0.value)
        }
        if let body {
            if body.hasPrefix("@") {
                // `@-` is standard input, `@FILE` a file: read as bytes, sent as text (JSON when it
                // parses) when they are UTF-8, else as they are.
                let data = try BodyInput.read(String(body.dropFirst()))
                if let text = String(data: data, encoding: .utf8) {
                    adjustments.body = text
                } else {
                    adjustments.bodyData = data
                }
            } else {
                adjustments.body = body
            }
        }
        if resume && output == nil { throw CommandFailure.usage("--continue resumes the file given with -o FILE") }
        adjustments.timeout = timeout
        adjustments.connection = connection
        if download, output == nil { adjustments.streamsBody = true }
        if let output {
            adjustments.streamsBody = true
            let offset = resume ? OutputFile.resumeOffset(of: URL(fileURLWithPath: output)) : 0
            if offset > 0 { adjustments.headers.append((name: "Range", value: "bytes=\(offset)-")) }
        }
        let printer = events == .json ? EventPrinter() : nil
        let bar = (output != nil || download) && StandardStream.error.isTerminal ? TerminalProgressBar() : nil
        let json = events == .json
        adjustments.onEvent = { event in
            printer?.print(event)
            bar?.update(event)
            waiting?.update(event)
            if !json, case .reconnect(let number, let delay, let lastEventID) = event.kind {
                let since = lastEventID.map { " with Last-Event-ID \($0)" } ?? ""
                StandardStream.error.write(
                    "tern: the stream ended; reconnecting in \(HumanUnits.duration(delay))\(since) (\(number))\n")
            }
        }
        return adjustments
    }
}
