/// Refuses the shapes of regular expression that can take exponential time on a hostile text
/// (patterns in `capture:` and `expect:` run over response bodies, which the network controls):
/// a group repeated without bound that itself repeats without bound or alternates
/// (`(a+)+`, `(a|aa)*`, `(\w*,)+`), and backreferences. Everything else runs as written.
enum RegexSafety {
    /// Why `pattern` is refused, or `nil` when it may run.
    static func problem(in pattern: String) -> String? {
        let characters = Array(pattern)
        // For each open group: whether it repeats without bound or alternates inside.
        var groups: [Bool] = []
        var lastGroupRisky = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\":
                if index + 1 < characters.count, characters[index + 1].isNumber, characters[index + 1] != "0" {
                    return "backreferences (\\\(characters[index + 1])) are not supported"
                }
                index += 2
                lastGroupRisky = false
                continue
            case "[":
                index = endOfClass(characters, from: index)
                lastGroupRisky = false
            case "(":
                groups.append(false)
            case ")":
                lastGroupRisky = groups.popLast() ?? false
                index += 1
                if let (unbounded, next) = quantifier(characters, at: index) {
                    if unbounded && lastGroupRisky {
                        return "a repeated group that repeats or alternates inside can take exponential time; "
                            + "write it without the nesting"
                    }
                    if unbounded, !groups.isEmpty { groups[groups.count - 1] = true }
                    index = next
                }
                if lastGroupRisky, !groups.isEmpty { groups[groups.count - 1] = true }
                continue
            case "|":
                if !groups.isEmpty { groups[groups.count - 1] = true }
            case "*", "+":
                if !groups.isEmpty { groups[groups.count - 1] = true }
            case "{":
                if let (unbounded, next) = quantifier(characters, at: index) {
                    if unbounded, !groups.isEmpty { groups[groups.count - 1] = true }
                    index = next
                    continue
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The quantifier at `index`, if any: whether it is unbounded (or wide), and the index after it.
    private static func quantifier(_ characters: [Character], at index: Int) -> (Bool, Int)? {
        guard index < characters.count else { return nil }
        var next = index + 1
        switch characters[index] {
        case "*", "+":
            if next < characters.count, characters[next] == "?" || characters[next] == "+" { next += 1 }
            return (true, next)
        case "?":
            if next < characters.count, characters[next] == "?" || characters[next] == "+" { next += 1 }
            return (false, next)
        case "{":
            var text = ""
            while next < characters.count, characters[next] != "}", text.count < 20 {
                text.append(characters[next])
                next += 1
            }
            guard next < characters.count, characters[next] == "}" else { return nil }
            let bounds = text.split(separator: ",", omittingEmptySubsequences: false)
            guard let low = Int(bounds.first ?? ""), bounds.count <= 2 else { return nil }
            let high = bounds.count == 2 ? Int(bounds[1]) : low
            return (high.map { $0 > low } ?? true, next + 1)
        default:
            return nil
        }
    }

    /// The index after the character class that starts at `start` (`[...]`, escapes honoured).
    private static func endOfClass(_ characters: [Character], from start: Int) -> Int {
        var index = start + 1
        if index < characters.count, characters[index] == "^" { index += 1 }
        if index < characters.count, characters[index] == "]" { index += 1 }
        while index < characters.count, characters[index] != "]" {
            index += characters[index] == "\\" ? 2 : 1
        }
        return index
    }
}
