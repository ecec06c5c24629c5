public import Foundation

extension MockServer {
    /// The byte at `index` of the deterministic pattern served by `/bytes/{n}`.
    public static func byte(at index: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (index &* 31) &+ 7)
    }

    /// The `count` bytes of the `/bytes` pattern starting at `offset`.
    public static func expectedBytes(count: Int, from offset: Int = 0) -> Data {
        var data = Data(capacity: max(0, count))
        BytePattern.forEachSlice(offset: offset, count: count) { data.append(contentsOf: $0) }
        return data
    }

    /// The FNV-1a 64-bit hash of `data` as 16 lowercase hex digits, as reported by `/upload`.
    public static func checksum(_ data: Data) -> String {
        var hash = FNV1a()
        hash.update(data)
        return hash.hex
    }
}
