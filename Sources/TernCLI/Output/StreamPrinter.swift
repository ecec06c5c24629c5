import Foundation
import Tern
import TernExplorer

/// `tern send` on a streamed body: each item on stdout as it arrives.
///
/// Plain (a pipe): each JSON line on its own line (`| jq` reads one value per line), and each event in
/// the event-stream form — `event:`, `id:`, one `data:` line per line of data, a blank line — so an
/// event with several lines, or none, is never mistaken for others. On a terminal the faces' form
/// (`StreamItemLines`). With `--events json`: one object per item,
/// `{"event":"item","format":"sse","name":"tick","id":"3","data":…}`, the data embedded as JSON when
/// it is JSON (the way to feed events to `jq`).
struct StreamPrinter: Sendable {
    let json: Bool
    let terminal: Bool

    func print(_ item: StreamedItem) {
        StandardStream.output.write(text(item))
    }

    func text(_ item: StreamedItem) -> String {
        if json { return JSONLines.object(Self.fields(item)) + "\n" }
        if terminal { return StreamItemLines(item).lines.joined(separator: "\n") + "\n\n" }
        switch item {
        case .line(let line):
            return line + "\n"
        case .event(let event):
            var text = event.event == "message" ? "" : "event: \(event.event)\n"
            if let id = event.id { text += "id: \(id)\n" }
            for line in event.data.split(separator: "\n", omittingEmptySubsequences: false) {
                text += "data: \(line)\n"
            }
            return text + "\n"
        }
    }

    static func fields(_ item: StreamedItem) -> [(String, JSONLines.Value)] {
        var fields: [(String, JSONLines.Value)] = [("event", .string("item"))]
        switch item {
        case .event(let event):
            fields.append(("format", .string(StreamFormat.serverSentEvents.rawValue)))
            fields.append(("name", .string(event.event)))
            fields.append(("id", event.id.map { .string($0) } ?? .null))
        case .line:
            fields.append(("format", .string(StreamFormat.jsonLines.rawValue)))
        }
        let data = item.data
        let isJSON =
            !data.contains("\n")
            && (try? JSONSerialization.jsonObject(with: Data(data.utf8), options: .fragmentsAllowed))
                != nil
        fields.append(("data", isJSON ? .json(data) : .string(data)))
        return fields
    }
}
