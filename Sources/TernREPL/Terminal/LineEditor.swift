@preconcurrency import CEditLine
package import Foundation
package import TernExplorer

#if canImport(Glibc)
    import CoreFoundation
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The interactive prompt on libedit (BSD licence): line editing, history kept in a file,
/// reverse search (Ctrl-R) and Tab completion from `Completion`.
///
/// `readline` blocks, so every read runs on one dedicated thread, never on the cooperative pool.
/// libedit's state (and the completion state its C callback reads) is touched only on that thread.
package final class LineEditor: LineSource, @unchecked Sendable {
    // @unchecked Sendable: `requests` is guarded by `condition`; libedit is only called on `thread`.
    private let condition = NSCondition()
    private var requests:
        [(prompt: String, vocabulary: CompletionVocabulary, reply: CheckedContinuation<LineInput, Never>)] = []
    private let historyFile: URL?
    private var lastLine: String?

    /// Opens the editor; history is read from (and written to) `historyFile` when given.
    package init(historyFile: URL?) {
        self.historyFile = historyFile
        let thread = Thread { [self] in serve() }
        thread.name = "tern-repl-line-editor"
        thread.start()
    }

    package func next(prompt: String, vocabulary: CompletionVocabulary) async -> LineInput {
        await withCheckedContinuation { reply in
            condition.lock()
            requests.append((prompt, vocabulary, reply))
            condition.signal()
            condition.unlock()
        }
    }

    package func close() {
        // History is written after every line; nothing is pending.
    }

    /// The editor thread: set libedit up once, then read one line per request.
    private func serve() {
        // The thread inherits its creator's signal mask (a dispatch worker's blocks SIGINT); Ctrl-C
        // must be able to interrupt `readline` here.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
        setlocale(LC_CTYPE, "")
        rl_readline_name = UnsafePointer(strdup("tern"))
        rl_catch_signals = 0  // Interrupts owns SIGINT
        rl_getc_function = interruptibleGetc
        rl_completion_entry_function = completionGenerator
        rl_basic_word_break_characters = UnsafePointer(strdup(" \t\n\"'"))
        rl_completer_word_break_characters = strdup(" \t\n\"'")
        rl_completion_query_items = 200
        rl_initialize()
        // Ctrl-R: a reverse search that says what it does (libedit's own shows a bare `bck:`).
        rl_add_defun("tern-reverse-search", reverseSearch, 18)
        using_history()
        stifle_history(1000)
        if let historyFile {
            try? FileManager.default.createDirectory(
                at: historyFile.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
            read_history(historyFile.path)
            if let last = history_get(history_base + history_length - 1)?.pointee.line {
                lastLine = String(cString: last)
            }
        }
        while true {
            condition.lock()
            while requests.isEmpty { condition.wait() }
            let request = requests.removeFirst()
            condition.unlock()
            request.reply.resume(returning: read(prompt: request.prompt, vocabulary: request.vocabulary))
        }
    }

    private func read(prompt: String, vocabulary: CompletionVocabulary) -> LineInput {
        CompletionState.vocabulary = vocabulary
        CompletionState.interruptsBefore = Interrupts.count
        // libedit does not see SIGWINCH here (Interrupts owns the signals): take the size at each prompt.
        rl_resize_terminal()
        Interrupts.markEditorThread(true)
        let raw = readline(prompt)
        Interrupts.markEditorThread(false)
        let interrupted = Interrupts.count != CompletionState.interruptsBefore
        guard let raw else {
            if interrupted {
                StandardStream.output.write("^C\n")
                return .interrupted
            }
            StandardStream.output.write("\n")
            return .end
        }
        let line = String(cString: raw)
        free(raw)
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed != lastLine {
            add_history(trimmed)
            lastLine = trimmed
            if let historyFile {
                write_history(historyFile.path)
                chmod(historyFile.path, 0o600)
            }
        }
        return .line(line)
    }
}

/// What libedit's callbacks need; C callbacks cannot capture context, so it lives here.
/// Only the line editor's thread reads or writes it (set before `readline`, read inside it).
private enum CompletionState {
    nonisolated(unsafe) static var interruptsBefore = 0
    nonisolated(unsafe) static var vocabulary = CompletionVocabulary()
    nonisolated(unsafe) static var matches: [String] = []
    nonisolated(unsafe) static var index = 0
}

/// libedit's generator: called with `state` 0 for a new completion, then until it returns NULL.
private let completionGenerator: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = {
    _, state in
    if state == 0 {
        var line = ""
        if let buffer = rl_line_buffer {
            let length = max(0, Int(rl_point))
            line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: length), as: UTF8.self)
        }
        let completions = Completion.complete(line, vocabulary: CompletionState.vocabulary)
        CompletionState.matches = completions.candidates
        CompletionState.index = 0
        // A single match is followed by a space, or by the quote that closes a JSON key.
        rl_completion_append_character = Int32(completions.suffix.utf8.first ?? UInt8(ascii: " "))
    }
    guard CompletionState.index < CompletionState.matches.count else { return nil }
    defer { CompletionState.index += 1 }
    return strdup(CompletionState.matches[CompletionState.index])
}

/// libedit's input function: one byte from stdin. When Ctrl-C interrupts the read it returns
/// end-of-input, so `readline` returns NULL and `read` reports `.interrupted` (libedit itself
/// would retry an interrupted read once and keep waiting).
private let interruptibleGetc: @convention(c) (UnsafeMutablePointer<FILE>?) -> Int32 = { _ in
    if !ReverseSearch.pending.isEmpty { return ReverseSearch.pending.removeFirst() }
    var byte: UInt8 = 0
    while true {
        let count = Foundation.read(STDIN_FILENO, &byte, 1)
        if count == 1 { return Int32(byte) }
        if count < 0, errno == EINTR {
            if Interrupts.count != CompletionState.interruptsBefore { return -1 }
            continue
        }
        return -1
    }
}

/// Ctrl-R in the line editor, as bash shows it: `(reverse-i-search)`query': match`. Typing narrows
/// the search, Ctrl-R finds an older match, Backspace widens it, Enter runs the match, Ctrl-G leaves
/// the line as it was, and any other key ends the search on the match and then does its own work.
private let reverseSearch: @convention(c) (Int32, Int32) -> Int32 = { _, _ in
    ReverseSearch.run()
    return 0
}

/// The reverse search; only the line editor's thread touches it. It draws its own line while it runs
/// and hands its result to libedit as typed input (`pending`: kill the line, the match, the key that
/// ended the search), so libedit's buffer and display are only ever changed by libedit.
private enum ReverseSearch {
    /// Input libedit reads before stdin, first byte first.
    nonisolated(unsafe) static var pending: [Int32] = []

    static func run() {
        var query: [UInt8] = []
        var found: (index: Int32, line: String)?
        var failing = false

        func entry(_ offset: Int32) -> String? {
            history_get(history_base + offset)?.pointee.line.map { String(cString: $0) }
        }
        /// The newest entry at or before `start` holding the query.
        func search(from start: Int32) -> (index: Int32, line: String)? {
            let text = String(decoding: query, as: UTF8.self)
            guard !text.isEmpty else { return nil }
            var index = min(start, history_length - 1)
            while index >= 0 {
                if let line = entry(index), line.contains(text) { return (index, line) }
                index -= 1
            }
            return nil
        }
        func show() {
            let label = failing ? "(failed reverse-i-search)" : "(reverse-i-search)"
            let text = "\r\u{1B}[K\(label)`\(String(decoding: query, as: UTF8.self))': \(found?.line ?? "")"
            StandardStream.output.write(text)
        }
        /// Gives the line back to libedit, redrawn from the start of the row.
        func end(typing bytes: [Int32]) {
            StandardStream.output.write("\r\u{1B}[K")
            rl_forced_update_display()
            pending += bytes
        }
        /// The match typed in place of the line (Ctrl-U kills the line first), then `key`.
        func accept(then key: Int32) {
            guard let found else { return end(typing: [key]) }
            end(typing: [21] + found.line.utf8.map(Int32.init) + [key])
        }
        show()
        // Bounded by the keys typed: each pass reads one.
        while true {
            let key = interruptibleGetc(nil)
            switch key {
            case -1:
                // Ctrl-C or the end of input: the line as it was; libedit then reads the end too.
                return end(typing: [-1])
            case 18:  // Ctrl-R: an older match
                if let older = search(from: (found?.index ?? history_length) - 1) {
                    found = older
                    failing = false
                } else {
                    failing = !query.isEmpty
                }
            case 127, 8:  // Backspace: a wider search, from the newest entry
                if !query.isEmpty { query.removeLast() }
                while let last = query.last, last & 0xC0 == 0x80 { query.removeLast() }
                found = search(from: history_length - 1)
                failing = found == nil && !query.isEmpty
            case 7:  // Ctrl-G: the line as it was
                return end(typing: [])
            case 32...255:
                query.append(UInt8(key))
                // A character's later bytes complete it before the search looks.
                if key >= 0x80, String(validating: query, as: UTF8.self) == nil { continue }
                if let match = search(from: found?.index ?? history_length - 1) {
                    found = match
                    failing = false
                } else {
                    failing = true
                }
            default:
                // Enter, Esc (an arrow key), Ctrl-A…: the search ends on its match and the key does its work.
                return accept(then: key)
            }
            show()
        }
    }
}
