/// Parses and prints byte counts in binary units: `1GiB`, `256MiB`, `64m`, `1048576`.
enum ByteSize {
    private static let units: [(suffix: String, factor: Int64)] = [
        ("gib", 1 << 30), ("gb", 1 << 30), ("g", 1 << 30),
        ("mib", 1 << 20), ("mb", 1 << 20), ("m", 1 << 20),
        ("kib", 1 << 10), ("kb", 1 << 10), ("k", 1 << 10),
        ("b", 1),
    ]

    /// The byte count `text` names (every unit is binary: `1GB` is 2^30 bytes), or `nil`.
    static func parse(_ text: String) -> Int64? {
        let lowered = text.lowercased().filter { !$0.isWhitespace }
        for unit in units where lowered.hasSuffix(unit.suffix) {
            guard let number = Double(lowered.dropLast(unit.suffix.count)), number >= 0 else { return nil }
            return Int64(number * Double(unit.factor))
        }
        guard let plain = Int64(lowered), plain >= 0 else { return nil }
        return plain
    }

    /// `bytes` in the largest binary unit that keeps it readable: `1 GiB`, `256 MiB`, `1.5 KiB`.
    static func format(_ bytes: Int64) -> String {
        for (name, factor) in [("GiB", Int64(1 << 30)), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes >= factor {
            let value = Double(bytes) / Double(factor)
            return value == value.rounded() ? "\(Int64(value)) \(name)" : "\(Fixed.format(value, digits: 1)) \(name)"
        }
        return "\(bytes) B"
    }
}

/// Fixed-point formatting without Foundation's locale-dependent `String(format:)`.
enum Fixed {
    /// `value` with exactly `digits` decimals, e.g. `format(3.14159, digits: 2) == "3.14"`.
    static func format(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "—" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let whole = scaled / Int64(scale)
        guard digits > 0 else { return "\(sign)\(whole)" }
        let fraction = String(scaled % Int64(scale))
        return "\(sign)\(whole).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
    }
}
