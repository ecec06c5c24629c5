import Foundation
import Synchronization
package import TernExplorer

/// One read from a `LineSource`.
package enum LineInput: Sendable, Equatable {
    /// A line, without its newline.
    case line(String)
    /// Ctrl-C at the prompt: the line was dropped.
    case interrupted
    /// End of input (Ctrl-D, or the end of a script).
    case end
}

/// Where the REPL reads its lines: the line editor, standard input, or a test's script.
package protocol LineSource: Sendable {
    /// The next line, showing `prompt` and completing from `vocabulary` where the source can.
    func next(prompt: String, vocabulary: CompletionVocabulary) async -> LineInput
    /// Called once when the REPL stops (the line editor saves its history here).
    func close()
}

extension LineSource {
    package func close() {}
}

/// Lines given up front, read in order: a script in a test, or commands from another program.
package final class ScriptLines: LineSource {
    private let lines: Mutex<[String]>

    /// A source that yields `lines`, then the end.
    package init(_ lines: [String]) {
        self.lines = Mutex(Array(lines.reversed()))
    }

    /// A source that yields the lines of `text`.
    package convenience init(text: String) {
        self.init(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    package func next(prompt: String, vocabulary: CompletionVocabulary) async -> LineInput {
        lines.withLock { $0.popLast() }.map(LineInput.line) ?? .end
    }
}

/// Standard input read a line at a time, for scripted mode. Each read blocks a plain thread, never
/// a task of the cooperative pool.
package struct StandardInputLines: LineSource {
    /// Makes the source.
    package init() {}

    package func next(prompt: String, vocabulary: CompletionVocabulary) async -> LineInput {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: readLine(strippingNewline: true).map(LineInput.line) ?? .end)
            }
        }
    }
}
