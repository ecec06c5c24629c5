/// Close matches for a misspelt name: "did you mean …?" for fields, specs and environments.
enum Suggestions {
    /// Up to `limit` candidates close to `name`: prefix matches first, then by edit distance.
    static func closeMatches(to name: String, in candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(name.lowercased())
        guard !target.isEmpty else { return [] }
        let threshold = max(2, target.count / 3)
        var scored: [(score: Int, candidate: String)] = []
        var seen = Set<String>()
        for candidate in candidates where seen.insert(candidate).inserted {
            let lowered = candidate.lowercased()
            if lowered.hasPrefix(name.lowercased()) || (lowered.count >= 3 && name.lowercased().hasPrefix(lowered)) {
                scored.append((0, candidate))
                continue
            }
            let other = Array(lowered)
            guard abs(other.count - target.count) <= threshold else { continue }
            let distance = editDistance(target, other, limit: threshold)
            if distance <= threshold { scored.append((distance, candidate)) }
        }
        scored.sort { $0.score != $1.score ? $0.score < $1.score : $0.candidate < $1.candidate }
        return scored.prefix(limit).map(\.candidate)
    }

    /// The single closest candidate, for "did you mean 'x'?".
    static func closest(to name: String, in candidates: [String]) -> String? {
        closeMatches(to: name, in: candidates, limit: 1).first
    }

    /// `" (did you mean 'x'?)"`, or an empty string when nothing is close.
    static func hint(for name: String, in candidates: [String]) -> String {
        guard let match = closest(to: name, in: candidates) else { return "" }
        return " (did you mean '\(match)'?)"
    }

    /// Levenshtein distance, stopping early once every cell of a row exceeds `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int = .max) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return rowMinimum }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// `a, b and c` (or `none`), for messages that list what exists.
    static func list(_ names: [String], quoted: Bool = true) -> String {
        let items = quoted ? names.map { "'\($0)'" } : names
        switch items.count {
        case 0: return "none"
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }
}
