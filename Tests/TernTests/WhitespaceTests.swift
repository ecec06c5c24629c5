import Foundation
import Testing

@testable import Tern

@Suite("trimmingWhitespace: Foundation's whitespaces, without Foundation")
struct WhitespaceTests {
    static let pieces = [
        "", " ", "\t", "\u{A0}", "\u{1680}", "\u{2003}", "\u{200B}", "\u{202F}", "\u{3000}", "\n", "\r", "\u{0B}",
        "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "a", "é", "b c", "😀", "\u{FEFF}",
    ]

    @Test("the same text as trimmingCharacters(in:) for every kind of space and neighbour")
    func sameAsFoundation() {
        for a in Self.pieces {
            for b in Self.pieces {
                for c in Self.pieces {
                    let text = a + b + c
                    let slice = ("x" + text + "x").dropFirst().dropLast()
                    let label = text.debugDescription
                    #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "\(label)")
                    #expect(slice.trimmingWhitespace() == slice.trimmingCharacters(in: .whitespaces), "\(label)")
                    #expect(
                        text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                        "\(label)")
                    #expect(
                        slice.trimmingWhitespaceAndNewlines()
                            == slice.trimmingCharacters(in: .whitespacesAndNewlines), "\(label)")
                }
            }
        }
    }
}
