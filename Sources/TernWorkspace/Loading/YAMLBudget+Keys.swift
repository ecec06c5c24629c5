import Foundation

extension YAMLBudget {
    /// Throws when a file with anchors may use an alias in a mapping key (`*a : x`, `? *a`,
    /// `[*a]: x`), before Yams composes it: Yams hashes every key to find duplicates, and hashing an
    /// alias of a nested anchor expands it (a 400-byte key would take minutes). Keys in workspace
    /// files are names, so such a key is refused rather than expanded. A line-by-line scan: quoted
    /// text and comments are skipped; a complex key (`?`) counts when the file has any alias.
    static func checkAliasKeys(_ text: String, file: URL) throws(WorkspaceError) {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "&")), bytes.contains(UInt8(ascii: "*")) else { return }
        var scan = KeyScan(bytes: bytes)
        if let (line, column) = scan.firstAliasKey() {
            throw WorkspaceError(
                .invalidValue,
                "a mapping key here may hold an alias; write the key out (an alias in a key could expand "
                    + "the file past \(WorkspaceLimits.maximumAliasNodes) nodes)",
                file: file, line: line, column: column)
        }
    }

    /// The scan behind `checkAliasKeys`: one pass over the bytes, positions as libyaml counts them.
    private struct KeyScan {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var column = 1

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// Where the first key that may hold an alias starts, if any.
        mutating func firstAliasKey() -> (Int, Int)? {
            var aliasOnLine = false
            var quote: UInt8?
            while index < bytes.count {
                let byte = bytes[index]
                let atToken = index == 0 || Self.separators.contains(bytes[index - 1])
                if let open = quote {
                    if byte == UInt8(ascii: "\\"), open == UInt8(ascii: "\"") {
                        advance()
                    } else if byte == open {
                        quote = nil
                    }
                } else if byte == UInt8(ascii: "\n") {
                    aliasOnLine = false
                } else if byte == UInt8(ascii: "#"), atToken {
                    while index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "\n") { advance() }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"), atToken {
                    quote = byte
                } else if byte == UInt8(ascii: "*"), atToken {
                    aliasOnLine = true
                    let start = (line, column)
                    while index + 1 < bytes.count, !Self.nameEnds.contains(bytes[index + 1]) { advance() }
                    if colonFollows(from: index + 1) { return start }
                } else if byte == UInt8(ascii: "?"), atToken, endsToken(at: index + 1) {
                    return (line, column)
                } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}"), aliasOnLine,
                    colonFollows(from: index + 1)
                {
                    return (line, column)
                }
                advance()
            }
            return nil
        }

        /// Moves past one byte, counting lines and columns (a column is a Unicode scalar).
        private mutating func advance() {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }

        /// Whether spaces and then a `:` that ends its token start at `start`: a key ends there.
        private func colonFollows(from start: Int) -> Bool {
            var at = start
            while at < bytes.count, bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\t") { at += 1 }
            return at < bytes.count && bytes[at] == UInt8(ascii: ":") && endsToken(at: at + 1)
        }

        /// Whether the text ends at `at` or has white space or a flow indicator there.
        private func endsToken(at: Int) -> Bool {
            at >= bytes.count || Self.nameEnds.contains(bytes[at])
        }

        /// Bytes after which a token starts.
        private static let separators: Set<UInt8> = Set(" \t\r\n[{,:-?".utf8)
        /// Bytes that end an anchor or alias name.
        private static let nameEnds: Set<UInt8> = Set(" \t\r\n,[]{}".utf8)
    }
}
