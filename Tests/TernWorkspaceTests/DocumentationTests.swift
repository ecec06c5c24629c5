import Foundation
import HTTPTypes
import Tern
import Testing

@testable import TernWorkspace

/// The complete example in docs/workspace-format.md loads and sends what the text says.
@Suite struct DocumentationTests {
    /// The files of the doc's example: every "`path`:" line followed by a ```yaml block.
    static func exampleFiles() throws -> [String: String] {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/workspace-format.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        guard let start = text.range(of: "## A complete workspace") else { return [:] }
        var files: [String: String] = [:]
        let lines = text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("`"), line.hasSuffix("`:"), index + 2 < lines.count, lines[index + 2] == "```yaml" {
                let path = String(line.dropFirst().dropLast(2))
                var body: [Substring] = []
                index += 3
                while index < lines.count, lines[index] != "```" {
                    body.append(lines[index])
                    index += 1
                }
                files[path] = body.joined(separator: "\n") + "\n"
            }
            index += 1
        }
        return files
    }

    @Test func theCompleteExampleLoadsAndLowers() throws {
        var files = try Self.exampleFiles()
        #expect(files.count == 8)
        files["fixtures/avatar.png"] = "png"
        let folder = try TemporaryWorkspace(files)
        let workspace = try folder.load()
        #expect(workspace.warnings.isEmpty)
        #expect(
            workspace.specIDs == [
                "auth/login", "files/download-report", "files/upload-avatar", "users/create-user", "users/get-user",
            ])
        let context = TemplateContext(processEnvironment: ["API_TOKEN": "t0k3n", "TERN_PASSWORD": "pw"])
        let local = try workspace.request(for: workspace.spec(named: "get-user"), context: context)
        #expect(local.url.absoluteString == "http://127.0.0.1:8080/users/1?verbose=true&tags=a&tags=b")
        #expect(local.headers[.authorization] == "Bearer dev-token")
        var prodContext = context
        prodContext.environment = "prod"
        let prod = try workspace.request(for: workspace.spec(named: "get-user"), context: prodContext)
        #expect(prod.url.absoluteString == "https://api.example.com/v1/users/42?verbose=true&tags=a&tags=b")
        #expect(prod.headers[.authorization] == "Bearer t0k3n")
        for entry in workspace.specs {
            _ = try workspace.request(for: entry, context: context)
        }
    }
}
