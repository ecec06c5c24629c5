import Testing

@testable import Tern
@testable import TernExplorer

@Suite("Command parser")
struct CommandParserTests {
    @Test(
        "every command of the language parses",
        arguments: [
            ("help", Command.help(nil)), ("help send", .help("send")), ("ls", .list),
            ("use users/get-user", .use("users/get-user")),
            ("show", .show), ("set header X-Trace abc", .set(.header, name: "X-Trace", value: "abc")),
            ("set query tags a b", .set(.query, name: "tags", value: "a b")),
            ("set var userId 7", .set(.variable, name: "userId", value: "7")),
            ("unset header X-Trace", .unset(.header, name: "X-Trace")),
            ("body @payload.json", .body(.file("payload.json"))),
            ("body edit", .body(.editor)), ("mode cache", .mode(.cache)), ("env staging", .environment("staging")),
            ("send", .send(nil)), ("send get-user", .send("get-user")), ("log", .log), ("transfers", .transfers),
            ("cache", .cache(.list)), ("cache list", .cache(.list)), ("cache show user-1", .cache(.show("user-1"))),
            ("cache clear", .cache(.clear(nil))), ("cache clear user-1", .cache(.clear("user-1"))),
            ("save", .save(as: nil)),
            ("save as users/copy", .save(as: "users/copy")), ("history", .history), ("curl", .curl), ("quit", .quit),
        ])
    func parses(line: String, expected: Command) throws {
        #expect(try CommandParser.parse(line) == expected)
    }

    @Test("a secret is never typed on a command line: set secret and unset secret are refused")
    func secretsAreNotTyped() {
        for line in ["set secret token abc", "unset secret token"] {
            #expect {
                _ = try CommandParser.parse(line)
            } throws: { error in
                "\(error)".contains("a secret is not typed on a command line")
            }
        }
    }

    @Test("body keeps the rest of the line as it is, JSON included")
    func bodyText() throws {
        #expect(
            try CommandParser.parse(#"body {"name": "Ada", "tags": ["a b"]}"#)
                == .body(.text(#"{"name": "Ada", "tags": ["a b"]}"#)))
    }

    @Test("quotes and backslashes keep spaces in words")
    func quoting() throws {
        #expect(
            try CommandParser.split(#"set header "X A" 'b "c"' d\ e"#) == ["set", "header", "X A", #"b "c""#, "d e"])
        #expect(
            try CommandParser.parse(#"set header Authorization "Bearer abc""#)
                == .set(.header, name: "Authorization", value: "Bearer abc"))
    }

    @Test("an unknown command suggests the closest ones")
    func unknown() {
        let error = #expect(throws: ExplorerError.self) { try CommandParser.parse("sned") }
        #expect(error?.kind == .unknownCommand)
        #expect(error?.message.contains("'send'") == true)
    }

    @Test(
        "wrong arguments print that command's usage",
        arguments: ["use", "set header X", "mode", "cache show", "save as", "ls extra"])
    func usage(line: String) {
        let error = #expect(throws: ExplorerError.self) { try CommandParser.parse(line) }
        #expect(error?.kind == .usage)
        #expect(error?.message.hasPrefix("usage: ") == true)
    }

    @Test("an unknown mode lists the modes; an open quote is reported")
    func badValues() {
        #expect(throws: ExplorerError.self) { try CommandParser.parse("mode offline") }
        let error = #expect(throws: ExplorerError.self) { try CommandParser.parse("set header X \"open") }
        #expect(error?.message == "a quote is not closed")
    }

    @Test("run, vars, filter and rerun parse; filter takes the rest of the line")
    func chainingCommands() throws {
        #expect(try CommandParser.parse("run") == .run(RunTarget()))
        #expect(try CommandParser.parse("run auth users/get-user") == .run(RunTarget(["auth", "users/get-user"])))
        #expect(try CommandParser.parse("run users --data rows.csv") == .run(RunTarget(["users"], data: "rows.csv")))
        #expect(try CommandParser.parse("run --data=rows.json") == .run(RunTarget(data: "rows.json")))
        #expect(try CommandParser.parse("vars") == .vars(clear: nil))
        #expect(try CommandParser.parse("vars clear") == .vars(clear: []))
        #expect(try CommandParser.parse("vars clear token") == .vars(clear: ["token"]))
        #expect(try CommandParser.parse("filter $.items[?@.price < 10].name") == .filter("$.items[?@.price < 10].name"))
        #expect(try CommandParser.parse("rerun 3") == .rerun(3))
        for bad in [
            "filter", "rerun", "rerun 0", "rerun x", "vars wipe", "run --data", "run --bail", "run --data=",
            "run --data a --data b",
        ] {
            #expect(throws: ExplorerError.self, "\(bad)") { try CommandParser.parse(bad) }
        }
    }

    @Test("cookies: list, delete with or without a domain, clear; anything else shows the usage")
    func cookies() throws {
        #expect(try CommandParser.parse("cookies") == .cookies(.list(domain: nil)))
        #expect(try CommandParser.parse("cookies list example.com") == .cookies(.list(domain: "example.com")))
        #expect(try CommandParser.parse("cookies delete sid") == .cookies(.delete(name: "sid", domain: nil)))
        let scoped = Command.cookies(.delete(name: "sid", domain: "a.test"))
        #expect(try CommandParser.parse("cookies delete sid --domain a.test") == scoped)
        #expect(try CommandParser.parse("cookies clear") == .cookies(.clear(domain: nil)))
        #expect(try CommandParser.parse("cookies clear a.test") == .cookies(.clear(domain: "a.test")))
        for bad in ["cookies delete", "cookies wipe", "cookies delete a b c", "cookies list a b"] {
            #expect(throws: ExplorerError.self, "\(bad)") { try CommandParser.parse(bad) }
        }
    }

    @Test("diff [SPEC] [--with ENV | --history N M]")
    func diff() throws {
        #expect(try CommandParser.parse("diff") == .diff(nil, .previous))
        #expect(try CommandParser.parse("diff users/me") == .diff("users/me", .previous))
        #expect(try CommandParser.parse("diff users/me --with staging") == .diff("users/me", .environment("staging")))
        #expect(try CommandParser.parse("diff --history 1 3") == .diff(nil, .history(1, 3)))
        for bad in ["diff --with", "diff --history 1", "diff --history 2 2", "diff a b", "diff --what"] {
            #expect(throws: ExplorerError.self, "\(bad)") { try CommandParser.parse(bad) }
        }
    }

    @Test("load: open loop with --rate and --connections, closed loop with --concurrency; bad options are refused")
    func load() throws {
        #expect(
            try CommandParser.parse("load users --rate 500 --connections 8 --duration 3")
                == .load(LoadOptions(names: ["users"], arrivals: .rate(500, connections: 8), duration: 3)))
        #expect(
            try CommandParser.parse("load a b --concurrency 4 --check-every 10")
                == .load(LoadOptions(names: ["a", "b"], arrivals: .concurrency(4), duration: 10, checkEvery: 10)))
        #expect(
            try CommandParser.parse("load a")
                == .load(LoadOptions(names: ["a"], arrivals: .concurrency(10), duration: 10)))
        var withData = LoadOptions(names: ["a"], arrivals: .concurrency(10), duration: 10)
        withData.dataFile = "rows.csv"
        #expect(try CommandParser.parse("load a --data rows.csv") == .load(withData))
        for bad in [
            "load", "load a --data", "load a --data x --data y", "load a --rate", "load a --rate x",
            "load a --rate 5 --concurrency 2", "load a --connections 3",
            "load a --duration 0", "load a --rate -1", "load a --concurrency 0", "load a --bogus 1",
            "load a --rate 5 --rate 6",
        ] {
            #expect(throws: ExplorerError.self, "\(bad)") { try CommandParser.parse(bad) }
        }
    }

    @Test("the registry has one entry per command with a usage and a summary")
    func registry() {
        let names = CommandRegistry.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.count == 39)
        #expect(CommandRegistry.info("diff")?.key == "=")
        #expect(CommandRegistry.info("send")?.key == "s")
        #expect(CommandRegistry.all.allSatisfy { !$0.summary.isEmpty })
    }

    @Test("the WebSocket commands: connect, say (alone: the editor), recv N, ping, close with a sendable code only")
    func conversationCommands() throws {
        #expect(try CommandParser.parse("connect live/ticks") == .conversation(.connect("live/ticks")))
        #expect(try CommandParser.parse("say hello there") == .conversation(.say("hello there")))
        #expect(try CommandParser.parse("say") == .conversation(.compose))
        #expect(try CommandParser.parse("recv 3") == .conversation(.receive(3)))
        #expect(try CommandParser.parse("close 4001") == .conversation(.close(4001)))
        for code in ["1006", "1005", "999", "2000", "5000"] {
            #expect(throws: ExplorerError.self) { try CommandParser.parse("close \(code)") }
        }
    }

    @Test("graphql: schema [TYPE [TARGET]], refresh TARGET, new TARGET FIELD [NAME=VALUE]...")
    func graphQLCommands() throws {
        #expect(try CommandParser.parse("graphql schema Book shop") == .graphql(.type("Book", target: "shop")))
        #expect(try CommandParser.parse("graphql refresh shop") == .graphql(.refresh(target: "shop")))
        #expect(
            try CommandParser.parse("graphql new shop books")
                == .graphql(.draft(target: "shop", operation: "", field: "books")))
        #expect(
            try CommandParser.parse("graphql new shop books first=2 genre=FICTION")
                == .graphql(
                    .draft(
                        target: "shop", operation: "", field: "books",
                        arguments: ["first": "2", "genre": "FICTION"])))
        #expect(throws: ExplorerError.self) { try CommandParser.parse("graphql new shop") }
        #expect(throws: ExplorerError.self) { try CommandParser.parse("graphql new shop books first") }
    }
}
