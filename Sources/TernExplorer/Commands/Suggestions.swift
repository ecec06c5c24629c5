/// Finds the names closest to a mistyped word: prefix matches first, then small edit distances.
public enum Suggestions {
    /// Up to `limit` of `candidates` close to `word`, best first.
    public static func closest(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
        let lowered = word.lowercased()
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            let name = candidate.lowercased()
            if name.hasPrefix(lowered) || lowered.hasPrefix(name) { return (candidate, 0) }
            let distance = editDistance(lowered, name)
            let tolerance = max(1, min(3, name.count / 3))
            return distance <= tolerance ? (candidate, distance) : nil
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// The edit distance between two strings, counting a swap of neighbours as one edit
    /// (optimal string alignment), so `sned` is one edit from `send`.
    public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs), b = Array(rhs)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
