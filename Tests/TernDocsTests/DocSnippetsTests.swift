import Foundation
import Testing

/// The library's docs compiled as code: the generated snippet file must match docs/library.md, and the
/// README's library example must match the example target that the build compiles.
@Suite("docs compiled as code")
struct DocSnippetsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let command = "TERN_RECORD_DOCS=1 swift test --skip-build --filter DocSnippetsTests (after a build)"

    @Test("every ```swift block of docs/library.md is in LibraryDocSnippets.swift, up to date")
    func libraryPage() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let generated = DocSnippets.file(from: page, source: "docs/library.md", command: Self.command)
        let file = Self.root.appendingPathComponent("Tests/TernDocsTests/LibraryDocSnippets.swift")
        if ProcessInfo.processInfo.environment["TERN_RECORD_DOCS"] == "1" {
            try Data(generated.utf8).write(to: file)
        }
        let current = try String(contentsOf: file, encoding: .utf8)
        #expect(current == generated, "Tests/TernDocsTests/LibraryDocSnippets.swift is stale: run \(Self.command)")
        #expect(DocSnippets.blocks(in: page).count >= 30)
    }

    @Test("the README's library example is Examples/tern-example/main.swift between its README markers")
    func readmeExample() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let main = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/tern-example/main.swift"), encoding: .utf8)
        let blocks = DocSnippets.blocks(in: readme)
        #expect(blocks.count == 1, "the README has one Swift example")
        let lines = main.components(separatedBy: "\n")
        let begin = try #require(lines.firstIndex(of: "// README:begin"))
        let end = try #require(lines.firstIndex(of: "// README:end"))
        let example = Self.code(lines[(begin + 1)..<end])
        let shown = Self.code(blocks.first?.lines ?? [])
        #expect(shown.count > 10)
        #expect(shown == example, "the README's example differs from Examples/tern-example/main.swift")
    }

    /// `lines` without imports and without blank lines at either end.
    static func code(_ lines: some Collection<String>) -> [String] {
        var code = lines.filter { !$0.hasPrefix("import ") }
        while code.first?.isEmpty == true { code.removeFirst() }
        while code.last?.isEmpty == true { code.removeLast() }
        return code
    }

    @Test("the extractor keeps declarations at file scope, wraps the rest, and honours the skip marker")
    func extractor() {
        let page = """
            ```swift
            import Tern
            /// A model.
            struct A {
                var x: Int
            }
            let a = A(x: 1)
            ```

            <!-- not compiled: a quote -->
            ```swift
            public protocol Quoted {}
            ```
            """
        let file = DocSnippets.file(from: page, source: "page.md", command: "record")
        #expect(DocSnippets.blocks(in: page).count == 1)
        #expect(file.contains("import Tern\n"))
        let expected = ["/// A model.", "struct A {", "    var x: Int", "}", "", "func snippet1() async throws {"]
        #expect(file.contains((expected + ["let a = A(x: 1)", "_ = a", "}"]).joined(separator: "\n")))
        #expect(!file.contains("Quoted"))
    }
}
