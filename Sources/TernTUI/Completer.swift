import TernExplorer

/// Tab completion for the `:` line: the REPL's `Completion` over the snapshot's vocabulary.
enum Completer {
    struct Result: Equatable {
        var line: String
        var candidates: [String]
    }

    /// Completes the word before the end of `line` as far as the candidates agree (a space after a
    /// single match); lists the candidates when several remain.
    static func complete(_ line: String, snapshot: ExplorerSnapshot?) -> Result {
        let completions = Completion.complete(line, vocabulary: snapshot?.vocabulary ?? CompletionVocabulary())
        guard !completions.candidates.isEmpty else { return Result(line: line, candidates: []) }
        let head = String(line.prefix(completions.wordStart))
        if completions.candidates.count == 1 {
            return Result(line: head + completions.candidates[0] + completions.suffix, candidates: [])
        }
        return Result(line: head + completions.commonPrefix, candidates: completions.candidates)
    }
}
