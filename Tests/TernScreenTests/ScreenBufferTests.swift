import Testing

@testable import TernScreen

@Suite struct CellWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("漢", 2), ("한", 2), ("🙂", 2), ("❤️", 2), ("\u{200B}", 0), ("ｱ", 1),
        ("Ｗ", 2),
    ])
    func widthOfOneCharacter(text: String, width: Int) {
        #expect(CellWidth.of(text) == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func printableASCIIIsAColumnAByteAndTheRestIsMeasuredByCharacter() {
        let printable = String(decoding: (0x20..<0x7F).map { UInt8($0) }, as: UTF8.self)
        #expect(CellWidth.of(printable) == 95)
        #expect(CellWidth.of(printable + "漢") == 97 && CellWidth.of("e\u{301}x") == 2)
        #expect(CellWidth.of("a\r\nb") == 3, "CR LF is one character, drawn as one cell")
        #expect(CellWidth.of(printable.dropFirst(5)) == 90)
    }

    @Test func truncationKeepsWideCharactersWhole() {
        #expect(CellWidth.truncate("漢字テスト", to: 5) == "漢字…")
        #expect(CellWidth.truncate("short", to: 10) == "short")
        #expect(CellWidth.prefix("ab漢c", fitting: 3) == "ab")
    }
}

@Suite struct ScreenBufferTests {
    @Test func wideCharactersTakeTwoCellsAndPrintOnce() {
        var buffer = ScreenBuffer(size: Size(width: 10, height: 1))
        let written = buffer.write("a漢b", x: 0, y: 0)
        #expect(written == 4)
        #expect(buffer[1, 0].text == "漢")
        #expect(buffer[2, 0].isContinuation)
        #expect(buffer[3, 0].text == "b")
        #expect(buffer.text == "a漢b")
    }

    @Test func aWideCharacterThatDoesNotFitIsLeftOut() {
        var buffer = ScreenBuffer(size: Size(width: 3, height: 1))
        buffer.write("ab漢", x: 0, y: 0)
        #expect(buffer.text == "ab")
    }

    @Test func combiningMarksStayWithTheirBase() {
        var buffer = ScreenBuffer(size: Size(width: 5, height: 1))
        buffer.write("e\u{301}x", x: 0, y: 0)
        #expect(buffer[0, 0].text == "e\u{301}")
        #expect(buffer[1, 0].text == "x")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = ScreenBuffer(size: Size(width: 4, height: 1))
        buffer.write("漢字", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)
        #expect(buffer.text == " x字")
        #expect(!buffer[1, 0].isContinuation)
    }

    @Test func controlCharactersAreNeverWritten() {
        var buffer = ScreenBuffer(size: Size(width: 10, height: 1))
        buffer.write("a\u{1B}[2Jb\u{7}", x: 0, y: 0)
        #expect(buffer.text == "a?[2Jb?")
    }

    @Test func drawingIsClippedAndNeverTraps() {
        var buffer = ScreenBuffer(size: Size(width: 5, height: 2))
        buffer.write("hello world", x: 2, y: 0)
        buffer.write("x", x: -3, y: 1)
        buffer.write("x", x: 0, y: 7)
        buffer.fill(Rect(x: 3, y: 1, width: 10, height: 10), with: Cell("#"))
        buffer.clipped(to: Rect(x: 0, y: 1, width: 2, height: 1)) { $0.write("abcdef", x: 0, y: 1) }
        #expect(buffer.text == "  hel\nab ##")
    }

    @Test func changesListOnlyTheCellsThatDiffer() {
        var first = ScreenBuffer(size: Size(width: 6, height: 2))
        first.write("abc", x: 0, y: 0)
        var second = first
        second.write("X", x: 1, y: 1)
        second.write("b", x: 1, y: 0, style: .bold)
        let changes = second.changes(since: first)
        #expect(changes.map { "\($0.x),\($0.y)" } == ["1,0", "1,1"])
        #expect(second.changes(since: nil).count == 12)
        #expect(
            ScreenBuffer(size: Size(width: 3, height: 1)).changes(since: first).count == 3,
            "a new size redraws everything")
    }

    @Test func memoryTerminalWritesOnlyChangedCells() {
        let terminal = MemoryTerminal(size: Size(width: 20, height: 3))
        var frame = ScreenBuffer(size: terminal.size)
        frame.write("hello", x: 0, y: 0)
        #expect(terminal.present(frame) == 60)
        frame.write("J", x: 0, y: 0)
        #expect(terminal.present(frame) == 1)
        #expect(terminal.present(frame) == 0)
        #expect(terminal.frame?.text == "Jello\n\n")
    }
}

@Suite struct WidgetTests {
    @Test func listKeepsTheSelectionVisible() {
        var buffer = ScreenBuffer(size: Size(width: 10, height: 3))
        let rows = (0..<10).map { [Span("row \($0)")] }
        ListView(rows: rows, selected: 7).draw(in: Rect(x: 0, y: 0, width: 10, height: 3), on: &buffer)
        #expect(buffer.line(2).hasPrefix("row 7"))
        #expect(buffer[0, 2].style.attributes.contains(.reverse))
        #expect(!buffer[0, 1].style.attributes.contains(.reverse))
    }

    @Test func aWindowOfALongListDrawsAsTheWholeListWould() {
        let rows = (0..<40).map { [Span("row \($0)")] }
        for selected in [0, 3, 7, 20, 39] {
            let rect = Rect(x: 0, y: 0, width: 10, height: 8)
            var whole = ScreenBuffer(size: Size(width: 10, height: 8))
            ListView(rows: rows, selected: selected).draw(in: rect, on: &whole)
            let window = ListView.window(selected: selected, visible: 8, count: rows.count)
            #expect(window.count == 8 && window.contains(selected))
            var part = ScreenBuffer(size: Size(width: 10, height: 8))
            ListView(window: Array(rows[window]), from: window.lowerBound, of: rows.count, selected: selected)
                .draw(in: rect, on: &part)
            #expect(part.text == whole.text && part == whole, "selected \(selected)")
        }
        #expect(ListView.window(selected: 2, visible: 8, count: 5) == 0..<5)
    }

    @Test func tableTruncatesCellsAndShowsItsEmptyText() {
        var buffer = ScreenBuffer(size: Size(width: 20, height: 3))
        Table(columns: [("Name", 6), ("Value", 0)], rows: [Table.Row(["Authorization", "Bearer x"])], selected: 0)
            .draw(in: Rect(x: 0, y: 0, width: 20, height: 3), on: &buffer)
        #expect(buffer.text == "Name  Value\nAuth… Bearer x\n")
        var empty = ScreenBuffer(size: Size(width: 20, height: 2))
        Table(columns: [("Name", 6)], rows: [], selected: nil, emptyText: "(none)").draw(
            in: Rect(x: 0, y: 0, width: 20, height: 2), on: &empty)
        #expect(empty.text == "Name\n(none)")
    }

    @Test func textViewAsksOnlyForVisibleLines() {
        let asked = Counter()
        var buffer = ScreenBuffer(size: Size(width: 20, height: 5))
        TextView(lineCount: 10_000_000, top: 5_000_000) { index in
            asked.add(index)
            return [Span("line \(index)")]
        }.draw(in: Rect(x: 0, y: 0, width: 20, height: 5), on: &buffer)
        #expect(asked.values == Array(5_000_000..<5_000_005))
        #expect(buffer.line(0).hasPrefix("line 5000000"))
    }

    @Test func textFieldEditsLikeALineEditor() {
        var field = TextField("hello world")
        _ = field.handle(.ctrl("w"))
        #expect(field.text == "hello ")
        _ = field.handle(.home)
        _ = field.handle(.character(">"))
        #expect(field.text == ">hello ")
        _ = field.handle(.end)
        _ = field.handle(.backspace)
        _ = field.handle(.ctrl("a"))
        _ = field.handle(.ctrl("k"))
        #expect(field.text == "")
        let handled = field.handle(.up)
        #expect(!handled)
    }

    @Test func longFieldsScrollToKeepTheCursorVisible() {
        var buffer = ScreenBuffer(size: Size(width: 8, height: 1))
        let field = TextField("0123456789abcdef")
        let cursor = field.draw(in: Rect(x: 0, y: 0, width: 8, height: 1), on: &buffer)
        #expect(buffer.text == "abcdef")
        #expect(cursor == 6)
    }

    @Test func progressBarFillsItsFraction() {
        var buffer = ScreenBuffer(size: Size(width: 10, height: 1))
        ProgressBar(fraction: 0.5).draw(in: Rect(x: 0, y: 0, width: 10, height: 1), on: &buffer)
        #expect(buffer.text == "█████░░░░░")
    }

    @Test("a summary line keeps whole figures: what does not fit is left out, never cut in its middle")
    func spansFitWhole() {
        let summary = [Span("200 OK"), Span("  CACHE"), Span("  0.0 ms"), Span("  174 B"), Span("  ✓ 5")]
        #expect(summary.fitting(19).map(\.text) == ["200 OK", "  CACHE", "  ✓ 5"])
        #expect(summary.fitting(21).map(\.text) == ["200 OK", "  CACHE", "  0.0 ms"])
        #expect(summary.fitting(100) == summary)
        #expect(summary.fitting(3).map(\.text) == ["200 OK"], "the first is kept, and clipped when drawn")
        var buffer = ScreenBuffer(size: Size(width: 19, height: 1))
        buffer.write(summary.fitting(19), x: 0, y: 0, maxWidth: 19)
        #expect(buffer.text == "200 OK  CACHE  ✓ 5")
    }

    @Test("wrapping breaks after the last space that fits; a word longer than a row is cut where it ends")
    func wrapsAtSpaces() {
        func rows(_ spans: [Span], _ width: Int) -> [String] {
            TextView.wrap(spans, width: width).map { $0.map(\.text).joined() }
        }
        #expect(rows([Span("the quick brown fox")], 10) == ["the quick ", "brown fox"])
        #expect(rows([Span("abcdefghijklmnop")], 5) == ["abcde", "fghij", "klmno", "p"])
        #expect(rows([Span("a verylongword")], 6) == ["a ", "verylo", "ngword"])
        #expect(rows([Span("漢字 漢字")], 5) == ["漢字 ", "漢字"])
        #expect(rows([], 4) == [""])
        let styled = TextView.wrap([Span("ab ", .bold), Span("cd ef")], width: 5)
        #expect(styled == [[Span("ab ", .bold), Span("cd")], [Span("ef")]])
    }

    @Test func keysDecodeControlBytes() {
        #expect(Key(scalar: "\u{3}") == .ctrl("c"))
        #expect(Key(scalar: "\u{9}") == .tab)
        #expect(Key(scalar: "\u{D}") == .enter)
        #expect(Key(scalar: "\u{7F}") == .backspace)
        #expect(Key(scalar: "\u{1B}") == .escape)
        #expect(Key(scalar: "é") == .character("é"))
    }
}

/// Lines a text view asked for.
private final class Counter: @unchecked Sendable {
    // Only used from the drawing test's own thread.
    private(set) var values: [Int] = []
    func add(_ value: Int) { values.append(value) }
}
