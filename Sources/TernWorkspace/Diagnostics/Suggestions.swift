/// Close matches for a misspelt name — fields, specs, environments, commands and cache keys — so that
/// every "did you mean …?" in Tern picks its candidates the same way.
public enum Suggestions {
    /// Up to `limit` candidates close to `name`, best first: prefix matches, then by edit distance
    /// (a swap of neighbours counting as one edit); ties sort by name. See `tolerance(for:)`.
    public static func closeMatches(to name: String, in candidates: [String], limit: Int = 3) -> [String] {
        let lowered = name.lowercased()
        let target = Array(lowered)
        guard !target.isEmpty else { return [] }
        let threshold = tolerance(for: target.count)
        var scored: [(score: Int, candidate: String)] = []
        var seen = Set<String>()
        for candidate in candidates where seen.insert(candidate).inserted {
            let other = candidate.lowercased()
            if other.hasPrefix(lowered) || (other.count >= 3 && lowered.hasPrefix(other)) {
                scored.append((0, candidate))
                continue
            }
            let letters = Array(other)
            guard abs(letters.count - target.count) <= threshold else { continue }
            let distance = editDistance(target, letters, limit: threshold)
            if distance <= threshold { scored.append((distance, candidate)) }
        }
        scored.sort { $0.score != $1.score ? $0.score < $1.score : $0.candidate < $1.candidate }
        return scored.prefix(limit).map(\.candidate)
    }

    /// The edits allowed for a name of `length` characters: one for short words (so `sned` finds `send`
    /// but not `set`), else a third of the length and at least two (`comas` finds `comma`).
    public static func tolerance(for length: Int) -> Int {
        length <= 4 ? 1 : max(2, length / 3)
    }

    /// The single closest candidate, for "did you mean 'x'?".
    public static func closest(to name: String, in candidates: [String]) -> String? {
        closeMatches(to: name, in: candidates, limit: 1).first
    }

    /// `" (did you mean 'x'?)"`, or an empty string when nothing is close.
    public static func hint(for name: String, in candidates: [String]) -> String {
        guard let match = closest(to: name, in: candidates) else { return "" }
        return " (did you mean '\(match)'?)"
    }

    /// The edit distance between two strings, a swap of neighbours counting as one edit.
    public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        editDistance(Array(lhs), Array(rhs))
    }

    /// The optimal-string-alignment distance (Levenshtein plus adjacent swaps, so `sned` is one edit
    /// from `send`), stopping early once every cell of a row exceeds `limit`.
    public static func editDistance(_ a: [Character], _ b: [Character], limit: Int = .max) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return rowMinimum }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// `a, b and c` (or `none`), for messages that list what exists.
    public static func list(_ names: [String], quoted: Bool = true) -> String {
        let items = quoted ? names.map { "'\($0)'" } : names
        switch items.count {
        case 0: return "none"
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }
}
