import Foundation
import Testing

@testable import TernExplorer

@Suite("docs/commands.md")
struct CommandDocsTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/commands.md")

    @Test("is generated from the registry and up to date")
    func upToDate() throws {
        let generated = CommandRegistry.markdown()
        if ProcessInfo.processInfo.environment["TERN_RECORD_DOCS"] == "1" {
            try Data(generated.utf8).write(to: Self.file)
        }
        let current = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(
            current == generated,
            "docs/commands.md is stale: run TERN_RECORD_DOCS=1 swift test --filter CommandDocsTests")
    }
}
