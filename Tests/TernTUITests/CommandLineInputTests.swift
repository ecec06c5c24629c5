import Foundation
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// The `:` line on its own: history, completion, submitting and closing, and how it is drawn.
@Suite struct CommandLineInputTests {
    @Test func upAndDownGoThroughTheHistoryBackToAnEmptyLine() {
        var line = CommandLineInput(history: ["mode live", "env shared"])
        let context = Fixtures.context(nil)
        _ = line.handle(.up, context)
        #expect(line.field.text == "env shared")
        _ = line.handle(.up, context)
        _ = line.handle(.up, context)
        #expect(line.field.text == "mode live" && line.historyIndex == 0)
        _ = line.handle(.down, context)
        _ = line.handle(.down, context)
        #expect(line.field.text.isEmpty && line.historyIndex == nil)
    }

    @Test func tabCompletesFromTheSnapshotUntilTheNextEdit() {
        var line = CommandLineInput("send u")
        let context = Fixtures.context(Fixtures.snapshot())
        _ = line.handle(.tab, context)
        #expect(line.field.text == "send users/")
        #expect(line.completions == ["users/create-user", "users/get-user"])
        _ = line.handle(.character("g"), context)
        #expect(line.completions.isEmpty)
    }

    @Test func enterSubmitsTheTrimmedLineAndEmptyLinesOnlyClose() {
        let context = Fixtures.context(nil)
        var line = CommandLineInput("  save ")
        guard case .submitted(let text)? = line.handle(.enter, context)?.event else {
            Issue.record("Enter submits the line")
            return
        }
        #expect(text == "save" && !line.isOpen)
        var blank = CommandLineInput("  ")
        #expect(blank.handle(.enter, context)?.event == nil)
        #expect(!blank.isOpen)
        var empty = CommandLineInput()
        _ = empty.handle(.backspace, context)
        #expect(!empty.isOpen, "Backspace on an empty line closes it")
        var escaped = CommandLineInput("env")
        _ = escaped.handle(.escape, context)
        #expect(!escaped.isOpen)
    }

    @Test func theAppKeepsASubmittedLineInItsHistory() {
        var state = Fixtures.state()
        press([.character(":")] + typing("mode live") + [.enter], &state)
        #expect(state.commandLine == nil && state.commandHistory == ["mode live"])
        press([.character(":")], &state)
        #expect(state.commandLine?.history == ["mode live"])
    }

    @Test func itDrawsTheLineAndAboveItTheCandidates() {
        var line = CommandLineInput("send u")
        let context = Fixtures.context(Fixtures.snapshot())
        var buffer = ScreenBuffer(size: Size(width: 60, height: 2))
        line.draw(in: Rect(buffer.size), context, on: &buffer)
        #expect(buffer.text == "\n:send u")
        _ = line.handle(.tab, context)
        buffer = ScreenBuffer(size: Size(width: 60, height: 2))
        line.draw(in: Rect(buffer.size), context, on: &buffer)
        #expect(buffer.text == "complete: users/create-user  users/get-user\n:send users/")
    }
}
