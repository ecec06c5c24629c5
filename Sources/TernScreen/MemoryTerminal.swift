/// A terminal in memory: frames are kept, keys come from a queue. Tests read `frame.text`.
public final class MemoryTerminal: Terminal {
    public var size: Size
    public private(set) var frame: ScreenBuffer?
    public private(set) var presented = 0
    public private(set) var cellsWritten = 0
    public var keys: [Key] = []
    public private(set) var suspensions = 0

    public init(size: Size = Size(width: 100, height: 30)) {
        self.size = size
    }

    @discardableResult
    public func present(_ frame: ScreenBuffer) -> Int {
        let written = frame.changes(since: self.frame).count
        self.frame = frame
        presented += 1
        cellsWritten += written
        return written
    }

    public func readKey(timeoutMilliseconds: Int) -> Key? {
        keys.isEmpty ? nil : keys.removeFirst()
    }

    public func suspend(while body: () -> Void) {
        suspensions += 1
        body()
        frame = nil
    }
}
