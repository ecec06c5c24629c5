extension Substring {
    /// The first `needle` (ASCII, such as `{{`) in the substring, found by walking its UTF-8 bytes from
    /// its start: the work is the distance to the match, and nothing is copied. Foundation's
    /// `range(of:)` copies the rest of the text at each call, so a loop that searches what is left of a
    /// text again and again did work quadratic in its length.
    package func firstASCIIRange(of needle: String) -> Range<String.Index>? {
        let pattern = Array(needle.utf8)
        guard let head = pattern.first else { return nil }
        let bytes = utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index] == head, let end = Self.match(pattern, in: bytes, at: index) { return index..<end }
            index = bytes.index(after: index)
        }
        return nil
    }

    /// The last `needle` (ASCII) in the substring, found by walking its UTF-8 bytes back from its end.
    package func lastASCIIRange(of needle: String) -> Range<String.Index>? {
        let pattern = Array(needle.utf8)
        guard let head = pattern.first else { return nil }
        let bytes = utf8
        var index = bytes.endIndex
        while index != bytes.startIndex {
            index = bytes.index(before: index)
            if bytes[index] == head, let end = Self.match(pattern, in: bytes, at: index) { return index..<end }
        }
        return nil
    }

    /// Where `pattern` ends when it starts at `start` in `bytes`, or `nil` when it does not start there.
    private static func match(_ pattern: [UInt8], in bytes: Substring.UTF8View, at start: String.Index)
        -> String.Index?
    {
        var probe = start
        for byte in pattern {
            guard probe != bytes.endIndex, bytes[probe] == byte else { return nil }
            probe = bytes.index(after: probe)
        }
        return probe
    }
}

extension String {
    /// The first `needle` (ASCII) in the string (see `Substring.firstASCIIRange(of:)`).
    package func firstASCIIRange(of needle: String) -> Range<String.Index>? {
        self[...].firstASCIIRange(of: needle)
    }
}
