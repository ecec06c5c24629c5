/// A terminal in memory: frames are kept, keys come from a queue. Tests read `frame.text`.
package final class MemoryTerminal: Terminal {
    package var size: Size
    package private(set) var frame: ScreenBuffer?
    package private(set) var presented = 0
    package private(set) var cellsWritten = 0
    package var keys: [Key] = []
    package private(set) var suspensions = 0
    /// What `copyToClipboard` was given, oldest first.
    package private(set) var clipboard: [String] = []

    package init(size: Size = Size(width: 100, height: 30)) {
        self.size = size
    }

    @discardableResult
    package func present(_ frame: ScreenBuffer) -> Int {
        let written = frame.changes(since: self.frame).count
        self.frame = frame
        presented += 1
        cellsWritten += written
        return written
    }

    package func readKey(timeoutMilliseconds: Int) -> Key? {
        keys.isEmpty ? nil : keys.removeFirst()
    }

    package func suspend(while body: () -> Void) {
        suspensions += 1
        body()
        frame = nil
    }

    package func copyToClipboard(_ text: String) {
        clipboard.append(text)
    }
}
