import Foundation
import Tern
import TernWorkspace

/// What a `.http` file writes under a request about its answer, read line by line: `> {% … %}` handlers
/// (the statements `HTTPFileScript` maps become captures and expectations), httpyac's `?? …` assertions,
/// `> ./handler.js`, `>> file` redirects and `<> previous` checks. Whatever is not mapped is kept word for
/// word as a note, and each line of it is reported with its number.
struct ResponseScripts {
    /// The lines kept as the spec's notes.
    var notes: [String] = []
    /// The captures mapped from handlers.
    var capture: [CaptureRule] = []
    /// The expectations mapped from handlers and assertions.
    var expect: [ResponseExpectation] = []
    /// The lines of the handler being read, with their numbers.
    private var handler: [(number: Int, text: Substring)]?

    /// Whether `line` (number `number`) is part of what is written about the answer; such a line is
    /// taken (mapped, or kept and reported), any other is left to the caller.
    mutating func take(_ line: Substring, number: Int, context: ImportContext) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if handler != nil {
            handler?.append((number, line))
            if trimmed.hasSuffix("%}") { finish(context: context) }
            return true
        }
        if trimmed.hasPrefix("> {%") || trimmed.hasPrefix(">{%") {
            handler = [(number, line)]
            if trimmed.dropFirst().hasSuffix("%}"), trimmed.count > 4 { finish(context: context) }
            return true
        }
        if trimmed.hasPrefix("?? ") {
            if let expectation = HTTPFileScript.assertion(trimmed) {
                add(expectation, number: number, text: trimmed, context: context)
            } else {
                notes.append(trimmed)
                context.warn(
                    "line \(number): the assertion '\(trimmed.prefix(60))' is not one Tern checks (kept in the spec's "
                        + "notes)")
            }
            return true
        }
        if trimmed.hasPrefix(">> ") || trimmed.hasPrefix(">>! ") || trimmed.hasPrefix("> ") {
            notes.append(trimmed)
            context.warn(
                "line \(number): '\(trimmed.prefix(60))' (a response handler or redirect) is not run "
                    + "by Tern (kept in the spec's notes)")
            return true
        }
        if trimmed.hasPrefix("<> ") {
            notes.append(trimmed)
            context.warn(
                "line \(number): '\(trimmed.prefix(60))' (a previous-response check) is not run by Tern "
                    + "(kept in the spec's notes)")
            return true
        }
        return false
    }

    /// Adds an expectation; a second one about the same thing (a second status, the same header twice),
    /// which a spec's `expect:` cannot hold, is kept as a note and reported.
    private mutating func add(
        _ expectation: ResponseExpectation, number: Int, text: String, context: ImportContext
    ) {
        if expect.contains(expectation) { return }
        let clash = expect.contains { current in
            switch (current, expectation) {
            case (.status, .status), (.body, .body), (.durationUnder, .durationUnder): true
            case (.header(let one, _), .header(let two, _)): one.lowercased() == two.lowercased()
            case (.json(let one, _), .json(let two, _)): one == two
            default: false
            }
        }
        guard clash else {
            expect.append(expectation)
            return
        }
        notes.append(text)
        context.warn(
            "line \(number): '\(text.prefix(60))' checks again what an earlier check of the request checks "
                + "(kept in the spec's notes)")
    }

    /// Ends a handler the file leaves open (its `%}` missing at the end of the request).
    mutating func close(context: ImportContext) {
        if handler != nil { finish(context: context) }
    }

    /// Maps the handler read: each statement that sets a variable from the answer or asserts on it
    /// becomes a capture or an expectation; when any other remains, the handler is kept whole as a
    /// note and each such line reported.
    private mutating func finish(context: ImportContext) {
        guard let lines = handler else { return }
        handler = nil
        var unmapped: [(number: Int, text: String)] = []
        for (index, (number, line)) in lines.enumerated() {
            var text = line.trimmingCharacters(in: .whitespaces)
            if index == 0 { text = String(text.dropFirst().drop { $0 == " " }.dropFirst(2)) }
            if text.hasSuffix("%}") { text = String(text.dropLast(2)) }
            switch HTTPFileScript.handlerStatement(text) {
            case .capture(let rule)?: capture.append(rule)
            case .expect(let expectation)?: add(expectation, number: number, text: text, context: context)
            case .frame?: break
            case nil: unmapped.append((number, text.trimmingCharacters(in: .whitespaces)))
            }
        }
        guard !unmapped.isEmpty else { return }
        notes += lines.map { String($0.text) }
        for (number, text) in unmapped {
            context.warn(
                "line \(number): a response handler script is not run by Tern: '\(text.prefix(60))' "
                    + "(kept in the spec's notes)")
        }
    }
}
