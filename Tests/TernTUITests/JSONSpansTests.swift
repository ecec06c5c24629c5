import TernScreen
import Testing

@testable import TernTUI

/// The response pane's JSON colours, read from the shared tokenizer's tokens.
@Suite struct JSONSpansTests {
    static let key = Style(foreground: .blue, attributes: .bold)
    static let string = Style(foreground: .green)

    @Test func aKeyAStringANumberAndALiteralEachHaveTheirColour() {
        #expect(
            BodyDocument.jsonSpans(#"  "id": 1,"#) == [
                Span("  "), Span(#""id""#, Self.key), Span(": "), Span("1", Style(foreground: .cyan)), Span(","),
            ])
        #expect(
            BodyDocument.jsonSpans(#"  "a:b": "Ada","#) == [
                Span("  "), Span(#""a:b""#, Self.key), Span(": "), Span(#""Ada""#, Self.string), Span(","),
            ])
        #expect(
            BodyDocument.jsonSpans(#"  "ok": true"#) == [
                Span("  "), Span(#""ok""#, Self.key), Span(": "), Span("true", Style(foreground: .magenta)),
            ])
        #expect(
            BodyDocument.jsonSpans("    -1.5e3,") == [
                Span("    "), Span("-1.5e3", Style(foreground: .cyan)), Span(","),
            ])
    }

    @Test func aStringAfterTheLinesColonIsAValueAndAnUnclosedOneRunsToTheEnd() {
        #expect(BodyDocument.jsonSpans(#""x": "y": 1"#)[2] == Span(#""y""#, Self.string))
        #expect(
            BodyDocument.jsonSpans(#"  "unterminated \" still"#) == [
                Span("  "), Span(#""unterminated \" still"#, Self.string),
            ])
        #expect(BodyDocument.jsonSpans("}") == [Span("}")])
    }
}
