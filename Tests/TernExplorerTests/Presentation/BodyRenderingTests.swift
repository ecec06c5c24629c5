import Foundation
import Testing

@testable import TernExplorer

@Suite("Body rendering")
struct BodyRenderingTests {
    @Test("JSON is pretty, text is as it is, binary is a summary, nothing is empty")
    func kinds() {
        #expect(BodyRendering(Data(#"{"a":1}"#.utf8), contentType: "application/json") == .json("{\n  \"a\": 1\n}"))
        #expect(BodyRendering(Data("hello\n".utf8), contentType: nil) == .text("hello\n"))
        #expect(BodyRendering(Data(), contentType: "text/plain") == .empty)
        let png = BodyRendering(Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x01]), contentType: "image/png")
        #expect(png == .binary(size: 6, contentType: "image/png"))
        #expect(png.binarySummary == "6 B of binary data (image/png)")
        #expect(png.shownText == nil)
        let untyped = BodyRendering.binary(size: 1_200, contentType: nil)
        #expect(untyped.binarySummary == "1.2 KB of binary data (no content type)")
    }

    @Test("a terminal gets no control bytes; lossless formats take any valid UTF-8")
    func decisions() {
        let bell = Data("ring\u{07}".utf8)
        #expect(BodyRendering.displayableText(bell) == nil)
        #expect(BodyRendering(bell, contentType: nil) == .binary(size: 5, contentType: nil))
        #expect(BodyRendering.exactText(bell) == "ring\u{07}")
        #expect(BodyRendering.exactText(Data([0xFF, 0xFE])) == nil)
        #expect(BodyRendering.displayableText(Data("tab\tand\r\n".utf8)) == "tab\tand\r\n")
    }
}

extension BodyRenderingTests {
    @Test("a request body is shown as sent, or summarised")
    func asSent() {
        #expect(BodyRendering.asSent(Data(#"{"a":1}"#.utf8), contentType: "application/json") == #"{"a":1}"#)
        #expect(
            BodyRendering.asSent(Data([0, 1, 2]), contentType: "application/octet-stream")
                == "(3 B of binary data (application/octet-stream))")
    }
}
