import Foundation
import TernTesting
import Testing

/// GraphQL subscriptions through the real `tern`, against Strawberry's bookshop (`scripts/graphql-server.py`)
/// over graphql-transport-ws: each `next` payload printed as it comes, `until`, errors ending with exit 1 and
/// the server's message, the conversation replayed offline, and `tern mock` serving it to a client.
@Suite(
    "GraphQL subscriptions", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: GraphQLServer.unavailable == nil, "\(GraphQLServer.unavailable ?? "")"))
struct GraphQLSubscriptionCLITests {
    func tern(_ arguments: [String], in root: URL) async throws -> RunResult {
        try await Tern.run(
            arguments, in: root, environment: ["HOME": root.path, "XDG_DATA_HOME": "", "XDG_STATE_HOME": ""],
            limit: .seconds(90))
    }

    /// A workspace with the bookshop as `shop` (HTTP, subscriptions at the same address as ws://) and as `socket`
    /// (its ws:// address), the token in the target's headers.
    func write(into workspace: TemporaryWorkspace, port: Int) throws {
        try workspace.write(
            "workspace.yaml",
            """
            name: bookshop
            targets:
              shop:
                baseURL: http://127.0.0.1:\(port)/graphql
                headers:
                  Authorization: Bearer s3cret
              socket:
                baseURL: ws://127.0.0.1:\(port)
                headers:
                  Authorization: Bearer s3cret
            """)
        try workspace.write(
            "specs/watch/countdown.yaml",
            """
            target: shop
            path: ""
            body:
              graphql:
                query: |
                  subscription Count($from: Int!) {
                    countdown(from: $from)
                  }
                variables:
                  from: 5
            until: {received: 2}
            expect:
              graphql: {errors: none}
              json:
                $.count: 2
                $.messages[1].data.countdown: 4
            """)
        try workspace.write(
            "specs/watch/socket.yaml",
            """
            target: socket
            path: /graphql
            body:
              graphql:
                query: "subscription { countdown(from: 1) }"
            expect:
              json:
                $.complete: true
            """)
    }

    @Test("a target's connectionParams carry the token in connection_init, masked wherever Tern shows it")
    func connectionParams() async throws {
        let workspace = try TemporaryWorkspace(copyingDemo: false)
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        try await GraphQLServer.with(token: "s3cret") { server in
            // No header on the upgrade: the server reads the token from connection_init's payload.
            try workspace.write(
                "workspace.yaml",
                """
                name: bookshop
                targets:
                  live:
                    baseURL: ws://127.0.0.1:\(server.port)
                    graphql:
                      schema: none
                      connectionParams:
                        Authorization: "Bearer {{env:SHOP_TOKEN}}"
                """)
            try workspace.write(
                "specs/count.yaml",
                "target: live\npath: /graphql\nbody: {graphql: {query: \"subscription { countdown(from: 1) }\"}}\n")
            func send(_ token: String, _ extra: String...) async throws -> RunResult {
                try await Tern.run(
                    workspace.arguments(["send", "count"] + extra), in: workspace.root,
                    environment: ["HOME": workspace.root.path, "SHOP_TOKEN": token], limit: .seconds(90))
            }
            let sent = try await send("s3cret", "--mode", "live")
            #expect(sent.status == 0, "\(sent)")
            #expect(sent.stdout == "{\"data\":{\"countdown\":1}}\n{\"data\":{\"countdown\":0}}\n", "\(sent)")
            let events = try await send("s3cret", "--mode", "live", "--events", "json")
            #expect(events.status == 0 && !events.stdout.contains("s3cret") && !events.stderr.contains("s3cret"))
            // The recording keeps the token masked, and replays for whoever holds the token.
            let stored = try FileManager.default.contentsOfDirectory(
                at: workspace.root.appendingPathComponent(".tern"), includingPropertiesForKeys: nil)
            for file in stored where file.lastPathComponent.hasPrefix("cache.sqlite") {
                let bytes = try Data(contentsOf: file)
                #expect(bytes.range(of: Data("s3cret".utf8)) == nil, "\(file.lastPathComponent) holds the token")
            }
            let replayed = try await send("s3cret", "--mode", "cache")
            #expect(replayed.status == 0 && replayed.stdout == sent.stdout, "\(replayed)")
            let refused = try await send("wrong", "--mode", "live")
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.stderr.contains("the server closed the subscription: closed 4403"), "\(refused)")
        }
    }

    @Test("a subscription prints each payload as it comes, ends at until or complete, and replays offline")
    func subscriptionJourney() async throws {
        let workspace = try TemporaryWorkspace(copyingDemo: false)
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        try await GraphQLServer.with(token: "s3cret") { server in
            try write(into: workspace, port: server.port)
            let send = try await tern(workspace.arguments("send", "watch/countdown"), in: workspace.root)
            #expect(send.status == 0, "\(send)")
            #expect(send.stdout == "{\"data\":{\"countdown\":5}}\n{\"data\":{\"countdown\":4}}\n", "\(send.stdout)")
            // The run checks the summary; a target on ws:// needs no method and ends at the server's complete.
            let run = try await tern(
                workspace.arguments("run", "watch", "--report", "junit:junit.xml"), in: workspace.root)
            #expect(run.status == 0, "\(run)")
            let junit = try String(contentsOf: workspace.root.appendingPathComponent("junit.xml"), encoding: .utf8)
            #expect(junit.contains("tests=\"2\"") && junit.contains("failures=\"0\""), "\(junit)")

            let events = try await tern(
                workspace.arguments(
                    "graphql", server.url, "subscription { countdown(from: 2) }", "-H", "Authorization: Bearer s3cret",
                    "--events", "json"),
                in: workspace.root)
            #expect(events.status == 0, "\(events)")
            let lines = events.stdout.split(separator: "\n")
            #expect(lines.filter { $0.contains(#""event":"message","direction":"in""#) }.count == 3, "\(lines)")
            #expect(events.stdout.contains(#""data":{"data":{"countdown":0}}"#), "\(events.stdout)")
            #expect(events.stdout.contains(#""direction":"out","kind":"text","data":{"query":"#), "\(events.stdout)")
            #expect(lines.first?.contains(#""event":"open","url":"ws://127.0.0.1:"#) == true, "\(lines)")

            // A resolver that fails: its payload prints, and the errors end the command with exit 1.
            let failing = try await tern(
                workspace.arguments(
                    "graphql", server.url, "subscription { failing }", "-H", "Authorization: Bearer s3cret"),
                in: workspace.root)
            #expect(failing.status == 1, "\(failing)")
            #expect(failing.stdout.hasPrefix("{\"data\":{\"failing\":1}}\n"), "\(failing.stdout)")
            #expect(failing.stderr.contains("the countdown broke"), "\(failing.stderr)")
            // Sent unchecked, the server's own refusal (an `error` message) is the message.
            let refused = try await tern(
                workspace.arguments(
                    "graphql", server.url, "subscription { countdown(frm: 1) }", "--no-check", "-H",
                    "Authorization: Bearer s3cret"),
                in: workspace.root)
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.stderr.contains("the server refused the operation: Unknown argument 'frm'"), "\(refused)")
            // Without the token the server closes the conversation with 4403, and says so.
            let forbidden = try await tern(
                workspace.arguments("graphql", server.url, "subscription { countdown(from: 1) }", "--no-check"),
                in: workspace.root)
            #expect(forbidden.status == 1, "\(forbidden)")
            #expect(forbidden.stderr.contains("the server closed the subscription: closed 4403"), "\(forbidden)")
        }
        // Offline: the recorded conversations replay, the spec's checks too.
        let replay = try await tern(
            workspace.arguments("send", "watch/countdown", "--mode", "cache"), in: workspace.root)
        #expect(replay.status == 0, "\(replay)")
        #expect(replay.stdout == "{\"data\":{\"countdown\":5}}\n{\"data\":{\"countdown\":4}}\n", "\(replay.stdout)")
        let offline = try await tern(workspace.arguments("run", "watch", "--mode", "cache"), in: workspace.root)
        #expect(offline.status == 0, "\(offline)")
        #expect(offline.stderr.contains("2 answered from the cache"), "\(offline)")

        // `tern mock` serves the recorded subscriptions at /graphql; the client's operation picks which.
        let mockPort = try FreePort.onLoopback()
        let mock = try ChildProcess(
            Tern.binary.path, workspace.arguments("mock", "--ws-port", String(mockPort)),
            environment: ProcessInfo.processInfo.environment.merging(["HOME": workspace.root.path]) { $1 },
            output: .null, error: .null)
        defer { Task { await mock.stop() } }
        #expect(await FreePort.waitUntilListening(mockPort, seconds: 15))
        let served = try await tern(
            workspace.arguments(
                "graphql", "ws://127.0.0.1:\(mockPort)/graphql", "subscription { countdown(from: 2) }", "--no-check"),
            in: workspace.root)
        #expect(served.status == 0, "\(served)")
        #expect(
            served.stdout
                == "{\"data\":{\"countdown\":2}}\n{\"data\":{\"countdown\":1}}\n{\"data\":{\"countdown\":0}}\n",
            "\(served.stdout)")
        let other = try await tern(
            workspace.arguments(
                "graphql", "ws://127.0.0.1:\(mockPort)/graphql", "subscription { countdown(from: 7) }", "--no-check"),
            in: workspace.root)
        #expect(other.status == 1, "\(other)")
        #expect(other.stderr.contains("1008"), "\(other.stderr)")
        await mock.stop()
    }
}

/// A target's `graphql: {subscriptions: sse}`: subscriptions as GraphQL over Server-Sent Events (graphql-sse,
/// which Strawberry speaks), printed as they come, replayed from the cache.
@Suite(
    "GraphQL subscriptions over SSE", .serialized, .timeLimit(.minutes(3)),
    .enabled(if: GraphQLServer.unavailable == nil, "\(GraphQLServer.unavailable ?? "")"))
struct GraphQLEventStreamTests {
    @Test("subscriptions: sse sends the operation as an event stream; until ends it; the cache replays it")
    func overSSE() async throws {
        let workspace = try TemporaryWorkspace(copyingDemo: false)
        defer { workspace.remove() }
        let environment = ["HOME": workspace.root.path]
        try await GraphQLServer.with { server in
            try workspace.write(
                "workspace.yaml",
                "name: shop\ntargets:\n  shop:\n    baseURL: \(server.url)\n    graphql: {subscriptions: sse}\n")
            try workspace.write(
                "specs/count.yaml",
                """
                path: ""
                body:
                  graphql:
                    query: "subscription { countdown(from: 3) }"
                until: {received: 2}
                expect:
                  json:
                    $.count: 2
                """)
            try workspace.write(
                "specs/all.yaml", "path: \"\"\nbody: {graphql: {query: \"subscription { countdown(from: 1) }\"}}\n")
            let count = try await Tern.run(
                workspace.arguments("send", "count", "--events", "json"), environment: environment)
            #expect(count.status == 0, "\(count)")
            let lines = count.stdout.split(separator: "\n")
            #expect(lines.filter { $0.contains(#""direction":"in""#) }.count == 2, "\(count.stdout)")
            #expect(count.stdout.contains(#""data":{"data":{"countdown":2}}"#), "\(count.stdout)")
            let all = try await Tern.run(workspace.arguments("send", "all"), environment: environment)
            #expect(all.stdout == "{\"data\":{\"countdown\":1}}\n{\"data\":{\"countdown\":0}}\n", "\(all)")
        }
        let replay = try await Tern.run(
            workspace.arguments("send", "all", "--mode", "cache"), environment: environment)
        #expect(replay.status == 0, "\(replay)")
        #expect(replay.stdout == "{\"data\":{\"countdown\":1}}\n{\"data\":{\"countdown\":0}}\n", "\(replay)")
        let run = try await Tern.run(workspace.arguments("run", "--mode", "cache"), environment: environment)
        #expect(run.status == 0, "\(run)")
    }
}

/// Ctrl-C ends a subscription as `until` would: `complete` sent, the conversation closed with 1000, what
/// came printed, exit 0 (as a stream's first Ctrl-C; a second one quits at once).
@Suite(
    "GraphQL subscriptions and Ctrl-C", .serialized, .timeLimit(.minutes(3)),
    .enabled(if: GraphQLServer.unavailable == nil, "\(GraphQLServer.unavailable ?? "")"))
struct GraphQLSubscriptionInterruptTests {
    @Test("Ctrl-C after the first result closes with 1000 and exits 0")
    func interrupt() async throws {
        try await GraphQLServer.with { server in
            let workspace = try TemporaryWorkspace(copyingDemo: false)
            defer { workspace.remove() }
            try workspace.write("workspace.yaml", "name: client\n")
            // A minute of quiet allowed: on a loaded machine the book may take seconds to be added.
            try workspace.write(
                "specs/added.yaml",
                "path: ws://127.0.0.1:\(server.port)/graphql\n"
                    + "body: {graphql: {query: \"subscription { bookAdded { title } }\"}}\nuntil: {idle: 60}\n")
            var environment = ProcessInfo.processInfo.environment
            environment["HOME"] = workspace.root.path
            let process = try ChildProcess(
                Tern.binary.path, workspace.arguments("send", "added", "--events", "json"),
                in: workspace.root.path, environment: environment, output: .pipe)
            try await process.whileRunning {
                var lines: [String] = []
                while lines.count < 10, let line = await ChildProcess.line(from: process.standardOutput) {
                    lines.append(line)
                    if line.contains(#""direction":"out""#) {
                        // Subscribed: a book added now is the first result.
                        let added = try await Tern.run(
                            workspace.arguments(
                                "graphql", server.url,
                                #"mutation { addBook(input: {title: "Dune", authorId: "author-1"}) { id } }"#),
                            environment: ["HOME": workspace.root.path])
                        #expect(added.status == 0, "\(added)")
                    }
                    if line.contains(#""direction":"in""#) { process.terminate(SIGINT) }
                    if line.contains(#""event":"close""#) { break }
                }
                #expect(lines.contains { $0.contains(#""data":{"data":{"bookAdded":{"title":"Dune"}}}"#) }, "\(lines)")
                #expect(lines.last?.contains(#""code":1000"#) == true, "\(lines)")
                #expect(lines.last?.contains(#""by":"client""#) == true, "\(lines)")
                let code = await process.waitForExit()
                #expect(code == 0, "exit \(code)")
            }
        }
    }
}

/// The TUI's GraphQL tree against Strawberry's bookshop: a target's root fields listed from its schema, a
/// new request written from one (its required arguments as variables, its result's leaves selected), sent.
@Suite(
    "GraphQL in the TUI's tree", .serialized, .timeLimit(.minutes(5)),
    .enabled(if: GraphQLServer.unavailable == nil, "\(GraphQLServer.unavailable ?? "")"),
    .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
struct GraphQLTreeTests {
    /// A workspace on the bookshop at `server` as its target `shop`, with `files` (a GraphQL spec by default).
    static func bookshop(
        _ server: GraphQLServer,
        files: [String: String] = [
            "specs/ping.yaml": "target: shop\npath: \"\"\nbody: {graphql: {query: \"{ me { name } }\"}}\n"
        ]
    ) throws -> TemporaryWorkspace {
        let workspace = try TemporaryWorkspace(copyingDemo: false)
        try workspace.write("workspace.yaml", "name: bookshop\ntargets:\n  shop:\n    baseURL: \(server.url)\n")
        for (path, text) in files { try workspace.write(path, text) }
        return workspace
    }
    @Test("root fields in the tree, Enter writes the operation, s sends it", arguments: [(80, 24), (120, 40)])
    func treeOpensAndSends(width: Int, height: Int) async throws {
        try await GraphQLServer.with(token: "s3cret") { server in
            let workspace = try TemporaryWorkspace(copyingDemo: false)
            defer { workspace.remove() }
            try workspace.write(
                "workspace.yaml",
                """
                name: bookshop
                targets:
                  shop:
                    baseURL: \(server.url)
                    headers:
                      Authorization: Bearer s3cret
                    graphql: {schema: introspection}
                """)
            try workspace.write(
                "specs/ping.yaml", "target: shop\npath: \"\"\nbody: {graphql: {query: \"{ me { name } }\"}}\n")
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace), width: width, height: height)
            // The schema is asked by introspection with the target's token, and its root fields listed.
            var screen = try await tmux.waitFor("S countdown Int!")
            #expect(screen.contains("shop  GraphQL") && screen.contains("Q books [Book!]!"), "\(screen)")
            try await tmux.type("/")
            try await tmux.type("search", "Enter")
            try await tmux.type("j", "Enter")
            screen = try await tmux.waitFor("query Search($text: String!) {")
            #expect(screen.contains("  search(text: $text) {"), "\(screen)")
            try await tmux.type("s")
            screen = try await tmux.waitFor("200 OK")
            #expect(screen.contains("new:shop/query.search"), "\(screen)")
            #expect(!screen.contains("nothing was sent"), "\(screen)")
        }
    }

    @Test("the query builder: tick a field, fill an argument, send, save", arguments: [(80, 24), (120, 40)])
    func builderTicksFillsSendsSaves(width: Int, height: Int) async throws {
        try await GraphQLServer.with { server in
            let workspace = try Self.bookshop(server)
            defer { workspace.remove() }
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace), width: width, height: height)
            _ = try await tmux.waitFor("S countdown Int!")
            // The root field `books`, found by the filter; Enter opens its request and its rows below it.
            try await tmux.type("/")
            try await tmux.type("books", "Enter")
            try await tmux.type("Escape", "Enter")
            var screen = try await tmux.waitFor("[x] title")
            #expect(screen.contains("[ ] $first") && screen.contains("▸ [ ] author"), "\(screen)")
            // $first, $genre, id, title, genre, isbn13, isbn10, priceCents, then author: ticked, it opens.
            for _ in 0..<9 { try await tmux.type("j") }
            // The schema browser: the field under the cursor, its type and description at the pane's foot.
            _ = try await tmux.waitFor("the book.")
            try await tmux.type(" ")
            screen = try await tmux.waitFor("▾ [x] author")
            // Its name ticked: the operation selects it.
            try await tmux.type("j", "j", " ")
            screen = try await tmux.waitFor("      name")
            #expect(screen.contains("    author {"), "\(screen)")
            #expect(!screen.contains("# query books"), "the operation, not the field's comments: \(screen)")
            // Up to $first: Enter asks its value, and the operation declares it.
            for _ in 0..<10 { try await tmux.type("k") }
            try await tmux.type("Enter")
            _ = try await tmux.waitFor("Value:")
            try await tmux.type("2", "Enter")
            screen = try await tmux.waitFor("books(first: $first) {")
            #expect(screen.contains("query Books($first: Int) {") && screen.contains("[x] $first"), "\(screen)")
            try await tmux.type("s")
            screen = try await tmux.waitFor("200 OK")
            try await tmux.type(":")
            try await tmux.type("save books/two", "Enter")
            _ = try await tmux.waitFor("saved books/two to")
            let saved = try String(
                contentsOf: workspace.root.appendingPathComponent("specs/books/two.yaml"), encoding: .utf8)
            #expect(saved.contains("books(first: $first) {") && saved.contains("author {"), "\(saved)")
            #expect(saved.contains("variables:") && saved.contains("first: 2"), "\(saved)")
            // The saved spec, sent from the command line: two books, each with its author's name.
            let sent = try await Tern.run(
                workspace.arguments("send", "books/two", "--mode", "live"), environment: ["HOME": workspace.root.path])
            #expect(sent.status == 0, "\(sent)")
            #expect(sent.stdout.components(separatedBy: "\"priceCents\"").count == 3, "\(sent)")
            #expect(sent.stdout.contains(#""author":{"name":"Ursula K. Le Guin"}"#), "\(sent)")
        }
    }

    @Test("a subscription from the tree: its argument filled, its results shown as JSON")
    func subscriptionFromTheTree() async throws {
        try await GraphQLServer.with { server in
            let workspace = try Self.bookshop(server)
            defer { workspace.remove() }
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace), width: 80, height: 24)
            _ = try await tmux.waitFor("S countdown Int!")
            try await tmux.type("/")
            try await tmux.type("countdown", "Enter")
            try await tmux.type("Escape", "Enter")
            _ = try await tmux.waitFor("[x] $from")
            // A value that is not an Int is refused, naming the type; 2 is taken.
            try await tmux.type("j", "Enter")
            _ = try await tmux.waitFor("Value:")
            try await tmux.type("BSpace", "two", "Enter")
            _ = try await tmux.waitFor("is not a value of Int!")
            try await tmux.type("Enter")
            _ = try await tmux.waitFor("Value:")
            try await tmux.type("BSpace", "2", "Enter")
            _ = try await tmux.waitFor("from = 2 (unsaved)")
            try await tmux.type("s")
            try await tmux.waitFor {
                $0.contains("Results (3)") && $0.contains("\"complete\": true,") && $0.contains("\"count\": 3,")
            }
        }
    }

    @Test("a refused operation's problem is marked in the Body tab, under its line")
    func refusedOperationMarked() async throws {
        try await GraphQLServer.with { server in
            let workspace = try Self.bookshop(
                server,
                files: [
                    "specs/bad.yaml": "target: shop\npath: \"\"\nbody:\n  graphql:\n    query: |\n"
                        + "      query {\n        books { titel }\n      }\n"
                ])
            defer { workspace.remove() }
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(TUIEndToEndTests.command(workspace), width: 80, height: 24)
            _ = try await tmux.waitFor("S countdown Int!")
            try await tmux.type("Enter", "s")
            let screen: String
            do {
                screen = try await tmux.waitFor("^ Cannot query field")
            } catch {
                // The send failed some other way: what the messages say is the story.
                try await tmux.type(":", "messages", "Enter")
                Issue.record("the messages: \(try await tmux.screen())")
                throw error
            }
            let lines = screen.split(separator: "\n").map(String.init)
            let query = try #require(lines.firstIndex { $0.contains("books { titel }") })
            #expect(
                lines[query + 1].contains("          ^ Cannot query field \"titel\" on type \"Book\"."), "\(screen)")
        }
    }

    @Test("the REPL: graphql new TARGET FIELD writes the operation, send sends it, save keeps it")
    func replNewSendSave() async throws {
        try await GraphQLServer.with { server in
            let workspace = try Self.bookshop(server)
            defer { workspace.remove() }
            let result = try await Tern.run(
                workspace.arguments("repl"), environment: ["HOME": workspace.root.path],
                input: "graphql new shop boks\ngraphql new shop books\nsend\nsave books/all\n"
                    + "graphql new shop book id=book-2\nsend\nquit\n")
            #expect(result.stderr.contains("has no root field 'boks' (did you mean 'books'?)"), "\(result)")
            #expect(result.stdout.contains("new request shop/query.books"), "\(result)")
            #expect(result.stdout.contains("\"title\": \"The Left Hand of Darkness\""), "\(result)")
            let saved = try String(
                contentsOf: workspace.root.appendingPathComponent("specs/books/all.yaml"), encoding: .utf8)
            #expect(saved.contains("query Books {\n        books {\n          id\n          title"), "\(saved)")
            // An argument typed with the command: the operation declares it, and the server gets its value.
            // (the list named it once; `book` names it again, and only it)
            #expect(result.stdout.contains("\"book\": {"), "\(result)")
            #expect(result.stdout.components(separatedBy: "\"The Dispossessed\"").count == 3, "\(result)")
            #expect(result.stdout.components(separatedBy: "\"The Left Hand of Darkness\"").count == 2, "\(result)")
        }
    }
}

/// `tern import graphql FILE --url URL`: a client's `.graphql` file of operations becomes one spec an
/// operation, each with the fragments it spreads, sent to Strawberry's bookshop as they are.
@Suite(
    "GraphQL import", .serialized, .timeLimit(.minutes(5)),
    .enabled(if: GraphQLServer.unavailable == nil, "\(GraphQLServer.unavailable ?? "")"))
struct GraphQLImportTests {
    /// The import corpus's `.graphql` file written for the bookshop.
    static let operations = Tern.packageRoot.appendingPathComponent(
        "Tests/TernInterchangeTests/Fixtures/graphql/shop.graphql")

    @Test("import a .graphql file, then send its query and its subscription; a schema file is refused")
    func importThenSend() async throws {
        try await GraphQLServer.with { server in
            let workspace = try TemporaryWorkspace(copyingDemo: false)
            defer { workspace.remove() }
            try workspace.write("workspace.yaml", "name: client\n")
            try workspace.write("shop.graphql", try String(contentsOf: Self.operations, encoding: .utf8))
            let environment = ["HOME": workspace.root.path]
            let imported = try await Tern.run(
                workspace.arguments("import", "auto", "shop.graphql", "--url", server.url), in: workspace.root,
                environment: environment)
            #expect(imported.status == 0, "\(imported)")
            #expect(
                imported.stdout.contains("created shop/books") && imported.stdout.contains("created shop/countdown"))
            let spec = try String(
                contentsOf: workspace.root.appendingPathComponent("specs/shop/books.yaml"), encoding: .utf8)
            #expect(spec.contains("fragment BookParts on Book") && spec.contains("fragment AuthorParts on Author"))
            let books = try await Tern.run(
                workspace.arguments("send", "shop/books"), in: workspace.root, environment: environment)
            #expect(books.status == 0 && books.stdout.contains(#""name":"Ursula K. Le Guin""#), "\(books)")
            let countdown = try await Tern.run(
                workspace.arguments("send", "shop/countdown"), in: workspace.root, environment: environment)
            #expect(countdown.stdout == "{\"data\":{\"countdown\":1}}\n{\"data\":{\"countdown\":0}}\n", "\(countdown)")
            try workspace.write("schema.graphql", "type Query { books: [String] }\n")
            let schema = try await Tern.run(
                workspace.arguments("import", "graphql", "schema.graphql"), in: workspace.root,
                environment: environment)
            #expect(schema.status != 0)
            #expect(schema.stderr.contains("holds no GraphQL operation: it defines types: a schema"), "\(schema)")
            let wrong = try await Tern.run(
                workspace.arguments("import", "curl", "curl http://x", "--url", server.url), in: workspace.root,
                environment: environment)
            #expect(wrong.stderr.contains("--url is where a .graphql file's operations go"), "\(wrong)")
        }
    }
}

/// A GraphQL query edited in `$EDITOR` (the TUI's `e`, the REPL's `body edit`) has a `.graphqlrc.yml` beside
/// it naming the schema it is checked against, which the editor's GraphQL language server reads to complete
/// fields, arguments and types.
@Suite(
    "GraphQL in $EDITOR", .serialized, .timeLimit(.minutes(3)),
    .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
struct GraphQLEditorConfigTests {
    /// A workspace whose target's schema is its file `schema.graphql`, a spec on it, and an editor that keeps
    /// a copy of the config it finds beside the file it opens, leaving the query as it is.
    func workspace() throws -> (TemporaryWorkspace, URL) {
        let workspace = try TemporaryWorkspace(copyingDemo: false)
        try workspace.write(
            "workspace.yaml",
            "name: shop\ntargets:\n  shop:\n    baseURL: http://127.0.0.1:9/graphql\n"
                + "    graphql: {schema: schema.graphql}\n")
        try workspace.write("schema.graphql", "type Query { books: [Book!]! }\ntype Book { title: String! }\n")
        try workspace.write(
            "specs/books.yaml", "target: shop\npath: \"\"\nbody: {graphql: {query: \"{ books { title } }\"}}\n")
        let editor = workspace.root.appendingPathComponent("edit.sh")
        let seen = workspace.root.appendingPathComponent("seen.yml")
        try Data("#!/bin/sh\ncp \"$(dirname \"$1\")/.graphqlrc.yml\" '\(seen.path)'\n".utf8).write(to: editor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        return (workspace, editor)
    }

    func expectConfig(in workspace: TemporaryWorkspace) throws {
        let seen = try String(contentsOf: workspace.root.appendingPathComponent("seen.yml"), encoding: .utf8)
        let schema = workspace.root.appendingPathComponent("schema.graphql").standardizedFileURL.path
        #expect(seen.contains("schema: '\(schema)'\ndocuments: 'body.graphql'\n"), "\(seen)")
    }

    @Test func theTUIsEditorSeesTheSchema() async throws {
        let (workspace, editor) = try workspace()
        defer { workspace.remove() }
        let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
        defer { tmux.kill() }
        try await tmux.start(
            "env EDITOR='\(editor.path)' " + TUIEndToEndTests.command(workspace), width: 80, height: 24)
        _ = try await tmux.waitFor("Q books [Book!]!")
        try await tmux.type("e")
        _ = try await tmux.waitFor("unchanged")
        try expectConfig(in: workspace)
    }

    @Test func theREPLsBodyEditSeesTheSchema() async throws {
        let (workspace, editor) = try workspace()
        defer { workspace.remove() }
        let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
        defer { tmux.kill() }
        try await tmux.start(
            "env EDITOR='\(editor.path)' HOME='\(workspace.root.path)' '\(Tern.binary.path)' repl --workspace "
                + "'\(workspace.root.path)'; sleep 20", width: 80, height: 24)
        _ = try await tmux.waitFor("tern")
        try await tmux.type("use books", "Enter")
        _ = try await tmux.waitFor("using books")
        try await tmux.type("body edit", "Enter")
        _ = try await tmux.waitFor("body of books unchanged")
        try expectConfig(in: workspace)
    }
}
