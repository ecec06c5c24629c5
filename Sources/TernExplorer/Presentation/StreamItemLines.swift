package import Foundation
package import Tern

/// How every face writes one streamed item (a Server-Sent Event or a JSON line): for an event, a dim
/// head with its name (and id, retry) that starts every event, so one event's lines stay together and
/// several events never read as one; then its data, pretty-printed when it is JSON (`(no data)` when
/// it is empty).
package struct StreamItemLines: Sendable, Equatable {
    /// `event: tick · id: 3`, `nil` for a plain `message` without an id (and for JSON lines).
    package var head: String?
    /// The data's lines.
    package var data: [String]

    /// The lines of `item`; `pretty` indents JSON data (the TUI, the REPL on a terminal).
    package init(_ item: StreamedItem, pretty: Bool = true) {
        let text: String
        switch item {
        case .event(let event):
            var parts = ["event: \(event.event)"]
            if let id = event.id, !id.isEmpty { parts.append("id: \(id)") }
            if let retry = event.retry { parts.append("retry: \(retry) ms") }
            head = parts.joined(separator: " · ")
            text = event.data.isEmpty ? "(no data)" : event.data
        case .line(let line):
            head = nil
            text = line
        }
        let formatted = pretty ? JSONFormatter.prettyPrinted(Data(text.utf8)) : nil
        data = (formatted ?? text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The head (if any) and the data, one string per line.
    package var lines: [String] {
        (head.map { [$0] } ?? []) + data
    }

    /// Every item of a stored stream body as lines, a blank line between items; `nil` when the body
    /// is not a stream (or cannot be cut into items).
    package static func lines(ofStoredBody body: Data, contentType: String?, pretty: Bool = true) -> [String]? {
        guard let format = contentType.flatMap({ StreamFormat(contentType: $0) }),
            let items = try? StreamDecoder.items(of: body, format: format)
        else { return nil }
        var lines: [String] = []
        for (index, item) in items.enumerated() {
            if index > 0 { lines.append("") }
            lines += StreamItemLines(item, pretty: pretty).lines
        }
        return lines
    }
}
