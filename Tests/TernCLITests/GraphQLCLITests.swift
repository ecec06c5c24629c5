import Foundation
import TernTesting
import Testing

/// GraphQL through the real `tern` with a home of its own, against Strawberry's bookshop
/// (`scripts/graphql-server.py`): the schema by introspection, operations checked before they leave (nothing
/// is sent when they do not fit), variables, `--save`, specs in a workspace with their `file:line:col`, the
/// check offline from the kept schema, and a run with `expect: {graphql: {errors: none}}`.
@Suite(
    "GraphQL that knows its schema", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: GraphQLServer.unavailable == nil, "\(GraphQLServer.unavailable ?? "")"))
struct GraphQLCLITests {
    func tern(_ arguments: [String], in root: URL, server: String? = nil) async throws -> RunResult {
        var all = arguments
        if let server { all += ["--var", "shop=\(server)"] }
        return try await Tern.run(
            all, in: root, environment: ["HOME": root.path, "XDG_DATA_HOME": "", "XDG_STATE_HOME": ""],
            limit: .seconds(90))
    }

    /// A workspace with the bookshop as the target `shop`, its token from a secret.
    func workspace(targetSettings: String = "") throws -> TemporaryWorkspace {
        let workspace = try TemporaryWorkspace(copyingDemo: false)
        try workspace.write(
            "workspace.yaml",
            """
            name: bookshop
            targets:
              shop:
                baseURL: "{{shop}}"
                headers:
                  Authorization: Bearer s3cret
            \(targetSettings)
            """)
        try workspace.write(
            "specs/books/list.yaml",
            """
            target: shop
            method: POST
            path: ""
            body:
              graphql:
                query: |
                  query Books($first: Int) {
                    books(first: $first) {
                      title
                      genre
                    }
                  }
                variables:
                  first: 2
            expect:
              graphql: {errors: none}
              json:
                $.data.books[0].title: The Left Hand of Darkness
            """)
        return workspace
    }

    @Test("tern graphql URL: the schema as SDL, a query checked then run, variables, and refusals before sending")
    func adHoc() async throws {
        let home = try TemporaryWorkspace(copyingDemo: false)
        defer { try? FileManager.default.removeItem(at: home.root) }
        var url = ""
        try await GraphQLServer.with { server in
            url = server.url
            let schema = try await tern(["graphql", url, "schema"], in: home.root)
            #expect(schema.status == 0, "\(schema)")
            #expect(schema.stdout.contains("type Book implements Node {"), "\(schema.stdout)")
            #expect(
                schema.stdout.contains(
                    #"isbn10: String @deprecated(reason: "Use isbn13: ten-digit ISBNs are no longer issued.")"#))
            let run = try await tern(
                ["graphql", url, "query($id: ID!) { book(id: $id) { title author { name } } }", "id=book-3"],
                in: home.root)
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains(#""title":"Cosmos""#), "\(run.stdout)")
            let added = try await tern(
                [
                    "graphql", url, "mutation($b: BookInput!) { addBook(input: $b) { id title } }",
                    #"b:={"title": "Mythos", "authorId": "author-3", "genre": "HISTORY"}"#,
                ], in: home.root)
            #expect(added.status == 0, "\(added)")
            #expect(added.stdout.contains(#""id":"book-6""#), "\(added.stdout)")
            // An error the schema cannot foresee comes from the server: printed, and exit 1.
            let missing = try await tern(
                ["graphql", url, #"mutation { addBook(input: {title: "X", authorId: "nobody"}) { id } }"#],
                in: home.root)
            #expect(missing.status == 1, "\(missing)")
            #expect(missing.stderr.contains("tern: the server answered with an error"), "\(missing.stderr)")
        }
        // The server is gone: the kept schema still checks what is typed, and nothing is sent.
        let typo = try await tern(["graphql", url, "{ books { titel } }"], in: home.root)
        #expect(typo.status == 2, "\(typo)")
        #expect(
            typo.stderr.contains(#"query:1:11: Cannot query field "titel" on type "Book". Did you mean "title"?"#),
            "\(typo.stderr)")
        #expect(typo.stderr.contains("  { books { titel } }\n            ^"), "\(typo.stderr)")
        #expect(typo.stderr.contains("nothing was sent"), "\(typo.stderr)")
        let variable = try await tern(["graphql", url, "query($id: ID!) { book(id: $id) { title } }"], in: home.root)
        #expect(variable.status == 2, "\(variable)")
        #expect(variable.stderr.contains(#"Variable "$id" of required type "ID!" was not provided."#))
        let argument = try await tern(["graphql", url, "{ books(frist: 2) { title } }"], in: home.root)
        #expect(argument.status == 2 && argument.stderr.contains(#"Did you mean "first"?"#), "\(argument)")
        // A fitting operation does go out: the dead server is reported as such.
        let dead = try await tern(["graphql", url, "{ books { title } }"], in: home.root)
        #expect(dead.status == 1, "\(dead)")
        #expect(!dead.stderr.contains("schema"), "\(dead.stderr)")
        // --no-check sends without checking: the server's refusal, not Tern's.
        let unchecked = try await tern(["graphql", url, "{ books { titel } }", "--no-check"], in: home.root)
        #expect(unchecked.status == 1 && !unchecked.stderr.contains("Did you mean"), "\(unchecked)")
    }

    @Test("specs: the check points into the YAML, runs pass with graphql.errors none, --save and the cache")
    func workspaceJourney() async throws {
        let workspace = try workspace()
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        var address = ""
        try await GraphQLServer.with(token: "s3cret") { server in
            address = server.url
            // Introspection goes out with the target's Authorization: the server refuses any request without it.
            let send = try await tern(workspace.arguments("send", "books/list"), in: workspace.root, server: server.url)
            #expect(send.status == 0, "\(send)")
            #expect(send.stdout.contains("The Dispossessed"), "\(send.stdout)")
            let kept = workspace.root.appendingPathComponent(".tern/graphql/shop.graphql")
            #expect(try String(contentsOf: kept, encoding: .utf8).contains("type Query {"))
            let run = try await tern(
                workspace.arguments("run", "books", "--report", "junit:junit.xml"), in: workspace.root,
                server: server.url)
            #expect(run.status == 0, "\(run)")
            let saved = try await tern(
                workspace.arguments(
                    "graphql", server.url, "query($g: Genre) { books(genre: $g) { title } }", "g=SCIENCE",
                    "-H", "Authorization: Bearer s3cret", "--save", "books/science"),
                in: workspace.root)
            #expect(saved.status == 0, "\(saved)")
            #expect(saved.stdout.contains("Pale Blue Dot"), "\(saved.stdout)")
            let file = try String(
                contentsOf: workspace.root.appendingPathComponent("specs/books/science.yaml"), encoding: .utf8)
            #expect(file.contains("graphql:") && file.contains("g: SCIENCE"), "\(file)")
            #expect(!file.contains("s3cret"), "the token went to the secret store: \(file)")
            let refreshed = try await tern(
                workspace.arguments("graphql", "refresh", "shop"), in: workspace.root, server: server.url)
            #expect(refreshed.status == 0, "\(refreshed)")
            #expect(refreshed.stderr.contains("kept the schema of shop ("), "\(refreshed.stderr)")
        }
        // Offline: the answer replays from the cache, and a typo is found from the kept schema.
        let replay = try await tern(
            workspace.arguments("send", "books/list", "--mode", "cache"), in: workspace.root, server: address)
        #expect(replay.status == 0 && replay.stdout.contains("The Dispossessed"), "\(replay)")
        let spec = workspace.root.appendingPathComponent("specs/books/list.yaml")
        let text = try String(contentsOf: spec, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "      genre\n", with: "      genr\n").utf8).write(to: spec)
        let typo = try await tern(
            workspace.arguments("send", "books/list"), in: workspace.root, server: "http://127.0.0.1:9")
        #expect(typo.status == 2, "\(typo)")
        // The query starts on line 7 of the file, indented by 6: `genr` is the query's line 4, column 5.
        #expect(
            typo.stderr.contains(
                #"specs/books/list.yaml:10:11: Cannot query field "genr" on type "Book". Did you mean "genre"?"#),
            "\(typo.stderr)")
        #expect(typo.stderr.contains("          genr\n          ^"), "\(typo.stderr)")
    }

    @Test("a target's schema from an SDL file in the workspace; schema: none sends unchecked")
    func schemaFile() async throws {
        let workspace = try workspace(targetSettings: "    graphql: {schema: shop.graphql}")
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        try FileManager.default.copyItem(
            at: Tern.packageRoot.appendingPathComponent("scripts/graphql-server.graphql"),
            to: workspace.root.appendingPathComponent("shop.graphql"))
        let spec = workspace.root.appendingPathComponent("specs/books/list.yaml")
        let text = try String(contentsOf: spec, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "first: 2", with: "first: two").utf8).write(to: spec)
        let wrong = try await tern(
            workspace.arguments("send", "books/list"), in: workspace.root, server: "http://127.0.0.1:9")
        #expect(wrong.status == 2, "\(wrong)")
        #expect(wrong.stderr.contains(#"Variable "$first" got invalid value "two"; Int cannot represent"#))
        #expect(wrong.stderr.contains("checked against shop.graphql"), "\(wrong.stderr)")
        let manifest = workspace.root.appendingPathComponent("workspace.yaml")
        let manifestText = try String(contentsOf: manifest, encoding: .utf8)
        try Data(manifestText.replacingOccurrences(of: "{schema: shop.graphql}", with: "{schema: none}").utf8).write(
            to: manifest)
        let unchecked = try await tern(
            workspace.arguments("send", "books/list"), in: workspace.root, server: "http://127.0.0.1:9")
        #expect(unchecked.status == 1, "sent unchecked to a dead server: \(unchecked)")
        #expect(unchecked.stderr.contains("127.0.0.1:9"), "\(unchecked.stderr)")
    }
}

/// The demo's GraphQL spec in the TUI and the REPL, checked against the workspace's SDL file: a typo is
/// refused at its place (the status line and `:messages`), the REPL prints a type with a did-you-mean.
@Suite("GraphQL checks in the TUI and the REPL", .serialized, .timeLimit(.minutes(5)))
struct GraphQLFacesTests {
    @Test(
        "a typo in the demo's GraphQL spec: refused at its line and column, at 80×24 and 120×40",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"),
        arguments: [(80, 24), (120, 40)])
    func tui(width: Int, height: Int) async throws {
        let workspace = try TemporaryWorkspace()
        defer { workspace.remove() }
        let spec = workspace.root.appendingPathComponent("specs/graphql/user-query.yaml")
        let text = try String(contentsOf: spec, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "{ id name email }", with: "{ id nme email }").utf8).write(to: spec)
        let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
        defer { tmux.kill() }
        // From the workspace's root, as a user runs it: the file is named from there.
        try await tmux.start(
            "cd '\(workspace.root.path)' && " + TUIEndToEndTests.command(workspace), width: width, height: height)
        try await tmux.waitFor("user-query")
        try await tmux.type("/")
        try await tmux.type("user-query", "Enter")
        try await tmux.type("s")
        try await tmux.waitFor("specs/graphql/user-query.yaml:11:28: Cannot query field")
        try await tmux.type(":", "messages", "Enter")
        let screen = try await tmux.waitFor { $0.contains("nothing was sent") && $0.contains("Did you mean") }
        #expect(!screen.contains("200 OK"), "nothing was sent:\n\(screen)")
    }

    @Test("the REPL: graphql schema TYPE, with a did-you-mean for a type it does not know")
    func repl() async throws {
        let workspace = try TemporaryWorkspace()
        defer { workspace.remove() }
        let result = try await Tern.run(
            workspace.arguments("repl"), input: "graphql schema User\ngraphql schema Usr\nquit\n")
        #expect(result.stdout.contains("type User {\n  id: ID!\n  name: String!"), "\(result)")
        #expect(result.stderr.contains("mock.graphql has no type 'Usr' (did you mean 'User'?)"), "\(result.stderr)")
    }
}
