package import Tern
import TernExplorer

/// A streamed body as it arrives: its items rendered to lines once (`StreamItemLines`), the newest
/// kept, the view following the end unless the user scrolled up.
package struct LiveStream: Sendable {
    /// One line of the live view.
    package struct Line: Sendable, Hashable {
        package var text: String
        /// An event's `event:`/`id:` head (drawn dim).
        package var isHead: Bool
    }

    /// The most lines kept: older ones scroll away (the whole body is in the response when it ends).
    package static let maximumLines = 20_000

    /// The lines kept, oldest first.
    package private(set) var lines: [Line] = []
    /// Items received so far.
    package private(set) var itemCount = 0
    /// Lines dropped from the front to stay under `maximumLines`.
    package private(set) var droppedLines = 0
    /// Whether the view sticks to the newest line.
    package var following = true
    /// Whether Esc asked the stream to stop (the status says so until it ends).
    package var stopping = false

    /// An empty stream.
    package init() {}

    /// Adds `items`, a blank line between items.
    package mutating func append(_ items: [StreamedItem]) {
        for item in items {
            let rendered = StreamItemLines(item)
            if itemCount > 0 { lines.append(Line(text: "", isHead: false)) }
            if let head = rendered.head { lines.append(Line(text: head, isHead: true)) }
            for line in rendered.data { lines.append(Line(text: line, isHead: false)) }
            itemCount += 1
        }
        let excess = lines.count - Self.maximumLines
        if excess > 0 {
            // In one go, and only once the excess is worth it, so appending stays cheap.
            let drop = max(excess, Self.maximumLines / 4)
            lines.removeFirst(min(drop, lines.count))
            droppedLines += min(drop, lines.count + drop)
        }
    }
}
