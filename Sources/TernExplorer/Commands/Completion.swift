import Tern

/// The words Tab can complete to, taken from a session at one moment (its `snapshot()`).
package struct CompletionVocabulary: Sendable, Hashable {
    /// Spec ids (`users/get-user`) and the file names that are unique (`get-user`).
    package var specs: [String]
    /// Environment names.
    package var environments: [String]
    /// Header names: common HTTP headers and those the workspace uses.
    package var headers: [String]
    /// Variable names: the environments' and the session's.
    package var variables: [String]
    /// The methods, symbols and request fields of the gRPC endpoint in use (a front end sets it from
    /// `grpc`'s `.vocabulary` command; the session has none).
    package var grpc: GRPCVocabulary?
    /// Target names.
    package var targets: [String] = []
    /// The type names of the GraphQL schemas known without asking a server (the targets' SDL files and
    /// the copies kept in `.tern/graphql/`).
    package var graphQLTypes: [String] = []
    /// The root fields of those schemas (`books`, `addBook`): what `graphql new TARGET` starts from.
    package var graphQLFields: [String] = []
    /// Each root field's arguments (`books` → `first`, `genre`): what `graphql new TARGET FIELD` takes.
    package var graphQLArguments: [String: [String]] = [:]

    /// Makes a vocabulary.
    package init(
        specs: [String] = [], environments: [String] = [], headers: [String] = [], variables: [String] = [],
        grpc: GRPCVocabulary? = nil
    ) {
        self.specs = specs
        self.environments = environments
        self.headers = headers
        self.variables = variables
        self.grpc = grpc
    }

    /// Request headers people set by hand often enough to be worth a Tab.
    package static let commonHeaders = [
        "Accept", "Accept-Encoding", "Accept-Language", "Authorization", "Cache-Control", "Connection",
        "Content-Length",
        "Content-Type", "Cookie", "If-Match", "If-Modified-Since", "If-None-Match", "Origin", "Range", "Referer",
        "User-Agent", "X-API-Key", "X-Request-ID",
    ]
}

/// What Tab offers for the word at the cursor.
package struct Completions: Sendable, Equatable {
    /// The partial word being completed (empty after a space).
    package var word: String
    /// Where that word starts in the line, in characters.
    package var wordStart: Int
    /// Every candidate that starts with `word` (ignoring case), sorted.
    package var candidates: [String]
    /// What follows a single candidate: a space, or the quote that closes a JSON key.
    package var suffix = " "

    /// The longest text every candidate starts with: what a single Tab can insert.
    package var commonPrefix: String {
        guard var prefix = candidates.first else { return word }
        for candidate in candidates.dropFirst() {
            while !candidate.lowercased().hasPrefix(prefix.lowercased()) { prefix.removeLast() }
        }
        return prefix.count >= word.count ? prefix : word
    }
}

/// Context-aware completion for the command language, shared by the REPL and the TUI's `:` line.
///
/// The first word completes to command names; after it, each command's argument completes from
/// the vocabulary: `use`/`send` → specs, `env` → environments, `mode` → modes, `cache` → its
/// actions, `help` → commands, `set`/`unset` → `header|query|var`, then header or variable names;
/// `graphql schema` → the kept schemas' types, then targets; `graphql new` → targets, root fields, then
/// the field's arguments (`first=`); `grpc`
/// → verbs, then services, symbols or methods, and request fields inside a call's JSON (`GRPCLine`).
package enum Completion {
    /// The candidates for the word that ends `line` (the text before the cursor).
    package static func complete(_ line: String, vocabulary: CompletionVocabulary) -> Completions {
        let scanned = CommandParser.scan(line)
        if scanned.words.first?.text.lowercased() == "grpc" {
            let grpc = GRPCLine.completions(line, scanned, vocabulary: vocabulary.grpc)
            var completions = matching(grpc.pool, word: grpc.word, wordStart: grpc.start)
            completions.suffix = grpc.suffix
            return completions
        }
        let (words, word, wordStart) = split(line)
        var completions = matching(candidates(after: words, vocabulary: vocabulary), word: word, wordStart: wordStart)
        // `graphql new TARGET FIELD first=`: the value is typed next, not a new word.
        if words.count >= 4, words[0].lowercased() == "graphql", words[1].lowercased() == "new" {
            completions.suffix = ""
        }
        return completions
    }

    /// The candidates of `pool` that start with `word` (ignoring case), once each, sorted.
    private static func matching(_ pool: [String], word: String, wordStart: Int) -> Completions {
        let lowered = word.lowercased()
        var seen = Set<String>()
        let matches = pool.filter { $0.lowercased().hasPrefix(lowered) && seen.insert($0).inserted }
        return Completions(
            word: word, wordStart: wordStart, candidates: matches.sorted { $0.lowercased() < $1.lowercased() })
    }

    /// What may follow `words` (the complete words before the one being typed).
    static func candidates(after words: [String], vocabulary: CompletionVocabulary) -> [String] {
        guard let command = words.first?.lowercased() else { return CommandRegistry.all.map(\.name) }
        let position = words.count  // the index of the word being typed
        switch (command, position) {
        case ("use", 1), ("send", 1): return vocabulary.specs
        case ("env", 1): return vocabulary.environments
        case ("mode", 1): return ResponseMode.allCases.map(\.rawValue)
        case ("cache", 1): return ["list", "show", "clear", "export", "import", "promote"]
        case ("cookies", 1): return ["list", "delete", "clear"]
        case ("auth", 1): return ["status", "login", "logout"]
        case ("help", 1), ("?", 1): return CommandRegistry.all.map(\.name)
        case ("set", 1), ("unset", 1):
            // A secret is never typed on a command line, so it is not offered.
            return Command.EditField.allCases.filter { !$0.isSecret }.map(\.rawValue)
        case ("save", 1): return ["as"]
        case ("graphql", 1): return ["schema", "refresh", "new"]
        case ("graphql", 2) where words[1].lowercased() == "new": return vocabulary.targets
        case ("graphql", 3) where words[1].lowercased() == "new": return vocabulary.graphQLFields
        case ("graphql", 4...) where words[1].lowercased() == "new":
            let given = Set(words.dropFirst(4).compactMap { $0.split(separator: "=").first.map(String.init) })
            return (vocabulary.graphQLArguments[words[3]] ?? []).filter { !given.contains($0) }.map { $0 + "=" }
        case ("graphql", 2) where words[1].lowercased() == "schema": return vocabulary.graphQLTypes
        case ("graphql", 2) where words[1].lowercased() == "refresh": return vocabulary.targets
        case ("graphql", 3) where words[1].lowercased() == "schema": return vocabulary.targets
        case ("body", 1): return ["edit"]
        case ("set", 2), ("unset", 2):
            switch words[1].lowercased() {
            case Command.EditField.header.rawValue: return vocabulary.headers
            case Command.EditField.variable.rawValue: return vocabulary.variables
            default: return []
            }
        default: return []
        }
    }

    /// The finished words, the word being typed, and where it starts: the parser's own scan, so
    /// quotes and backslashes group words alike; an unclosed quote belongs to the word being typed.
    static func split(_ line: String) -> (words: [String], word: String, wordStart: Int) {
        let scanned = CommandParser.scan(line)
        let words = scanned.words.map(\.text)
        guard let last = scanned.last else { return (words, "", line.count) }
        return (words, last.text, last.start)
    }
}
