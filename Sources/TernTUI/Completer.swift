import TernExplorer

/// Tab completion for the `:` line.
enum Completer {
    struct Completion: Equatable {
        var line: String
        var candidates: [String]
    }

    /// Completes the last word of `line`: the longest common prefix of the candidates, plus a
    /// space when only one fits; the candidates are listed when several do.
    static func complete(_ line: String, snapshot: ExplorerSnapshot?) -> Completion {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let current = words.last ?? ""
        let before = words.dropLast().filter { !$0.isEmpty }
        let options = candidates(before: Array(before), snapshot: snapshot).filter { $0.hasPrefix(current) }
        guard !options.isEmpty else { return Completion(line: line, candidates: []) }
        let prefix = options.dropFirst().reduce(options[0]) { common, next in
            String(zip(common, next).prefix { $0 == $1 }.map(\.0))
        }
        let head = words.dropLast().joined(separator: " ")
        let completed = (head.isEmpty ? "" : head + " ") + (options.count == 1 ? options[0] + " " : prefix)
        return Completion(line: completed, candidates: options.count == 1 ? [] : options)
    }

    static func candidates(before: [String], snapshot: ExplorerSnapshot?) -> [String] {
        guard let first = before.first?.lowercased() else { return CommandRegistry.all.map(\.name) }
        let ids = snapshot?.specs.map(\.id) ?? []
        let names = ids.compactMap { $0.split(separator: "/").last.map(String.init) }
        let unique = names.filter { name in names.filter { $0 == name }.count == 1 }
        let specs = ids + unique.filter { !ids.contains($0) }
        switch (first, before.count) {
        case ("use", 1), ("send", 1): return specs
        case ("env", 1): return snapshot?.environments ?? []
        case ("mode", 1): return ["normal", "live", "cache", "sample"]
        case ("cache", 1): return ["list", "show", "clear"]
        case ("set", 1), ("unset", 1): return ["header", "query", "var"]
        case ("help", 1): return CommandRegistry.all.map(\.name)
        case ("set", 2), ("unset", 2):
            switch before[1] {
            case "header": return snapshot?.selected?.headers.map(\.name) ?? []
            case "query": return snapshot?.selected?.query.map(\.name) ?? []
            case "var": return snapshot?.variables.map(\.name) ?? []
            default: return []
            }
        default: return []
        }
    }
}
