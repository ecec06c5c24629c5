/// A tiny command-line reader: `--name value` options and `--flag` switches, nothing positional
/// after the subcommand's first word.
struct ArgumentList {
    private var remaining: [String]

    init(_ arguments: some Sequence<String>) {
        remaining = Array(arguments)
    }

    /// Removes and returns the first word when it does not start with `--`.
    mutating func popWord() -> String? {
        guard let first = remaining.first, !first.hasPrefix("--") else { return nil }
        remaining.removeFirst()
        return first
    }

    /// Removes `--name` and returns whether it was there.
    mutating func flag(_ name: String) -> Bool {
        guard let index = remaining.firstIndex(of: "--\(name)") else { return false }
        remaining.remove(at: index)
        return true
    }

    /// Removes `--name VALUE` (or `--name=VALUE`) and returns the value.
    mutating func value(_ name: String) throws(BenchError) -> String? {
        if let index = remaining.firstIndex(where: { $0.hasPrefix("--\(name)=") }) {
            let value = String(remaining.remove(at: index).dropFirst(name.count + 3))
            return value
        }
        guard let index = remaining.firstIndex(of: "--\(name)") else { return nil }
        guard index + 1 < remaining.count else { throw .usage("--\(name) needs a value") }
        let value = remaining[index + 1]
        remaining.removeSubrange(index...(index + 1))
        return value
    }

    /// `--name N` as a positive integer.
    mutating func count(_ name: String) throws(BenchError) -> Int? {
        guard let text = try value(name) else { return nil }
        guard let number = Int(text), number > 0 else {
            throw .usage("--\(name) wants a positive whole number, not '\(text)'")
        }
        return number
    }

    /// `--name SIZE` as a byte count (`1GiB`, `256MiB`, `4096`).
    mutating func size(_ name: String) throws(BenchError) -> Int64? {
        guard let text = try value(name) else { return nil }
        guard let bytes = ByteSize.parse(text), bytes > 0 else {
            throw .usage("--\(name) wants a size such as 1GiB, 256MiB or 65536, not '\(text)'")
        }
        return bytes
    }

    /// Throws when anything was not recognised.
    func finish() throws(BenchError) {
        guard remaining.isEmpty else { throw .usage("unknown arguments: \(remaining.joined(separator: " "))") }
    }
}
