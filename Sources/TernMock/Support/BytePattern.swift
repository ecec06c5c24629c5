/// Fast access to the `/bytes` pattern, which repeats every 256 bytes.
enum BytePattern {
    /// The pattern from index 0, long enough that any 64 KiB run starts inside it.
    private static let block: [UInt8] = (0..<(64 * 1024 + 256)).map { MockServer.byte(at: $0) }

    /// Calls `body` with consecutive slices that together are `count` bytes starting at `offset`.
    static func forEachSlice(offset: Int, count: Int, _ body: (ArraySlice<UInt8>) -> Void) {
        var position = offset
        var remaining = max(0, count)
        while remaining > 0 {
            let phase = Int(UInt(bitPattern: position) % 256)
            let size = Swift.min(remaining, block.count - phase)
            body(block[phase..<(phase + size)])
            position &+= size
            remaining -= size
        }
    }
}
