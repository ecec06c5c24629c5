import Foundation
import Synchronization
import TernExplorer
import Testing

@Suite("REPL: gzip answers and GraphQL bodies")
struct GraphQLCompressionREPLTests {
    @Test("send shows the encoding and both sizes on the status line, and the decoded JSON")
    func gzip() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run("mode live", "send http/gzip")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains("· gzip "), "\(run.out)")
            #expect(run.out.contains(" → "))
            #expect(run.out.contains(#""gzipped": true"#))
        }
    }

    @Test("body edit opens a GraphQL query alone as a .graphql file; the variables stay; send runs the new query")
    func graphQLEdit() async throws {
        let seen = Mutex<[String]>([])
        let editor: @Sendable (String) async throws -> String = { text in
            seen.withLock { $0.append(ExternalEditor.fileExtension + "|" + text) }
            return text.replacingOccurrences(of: "{ id name email }", with: "{ email }")
        }
        try await DemoSession.with(editor: editor) { demo in
            let run = await demo.run("use graphql/user-query", "body edit", "mode live", "send")
            #expect(run.status == 0, "\(run.err)")
            let opened = seen.withLock { $0 }
            #expect(opened.count == 1 && opened.first?.hasPrefix("graphql|query User($id: ID!)") == true)
            #expect(run.out.contains(#""email": "ada@example.com""#), "\(run.out)")
            #expect(!run.out.contains(#""name": "Ada Lovelace""#))
        }
    }

    @Test("a whole GraphQL-over-HTTP document given to body replaces the query and the variables")
    func graphQLDocument() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run(
                "use graphql/user-query",
                #"body {"query": "query Two($id: ID!) { user(id: $id) { name } }", "variables": {"id": "2"}}"#,
                "mode live", "send")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains(#""name": "Grace Hopper""#), "\(run.out)")
        }
    }
}
