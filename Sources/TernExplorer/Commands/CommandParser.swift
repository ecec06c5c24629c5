import Foundation
import Tern

/// Reads one line of the command language into a `Command`.
///
/// Words are split on spaces; single or double quotes keep spaces, and a backslash escapes the
/// next character. `body` takes the rest of the line as it is, so JSON needs no quoting.
package enum CommandParser {
    /// Parses `line`; throws `.unknownCommand` with suggestions or `.usage` with the command's usage.
    /// A `grpc` line without an address goes to `grpcEndpoint` (the one the front end remembers).
    package static func parse(_ line: String, grpcEndpoint: GRPCEndpoint? = nil) throws(ExplorerError) -> Command {
        let trimmed = line.trimmingWhitespace()
        let words = try split(trimmed)
        guard let name = words.first?.lowercased() else {
            throw ExplorerError(.usage, "type a command; 'help' lists them")
        }
        let arguments = Array(words.dropFirst())
        switch name {
        case "help", "?": return .help(try optionalOne(arguments, for: "help"))
        case "ls", "list": return try none(arguments, .list, for: "ls")
        case "use": return .use(try one(arguments, for: "use"))
        case "show": return try none(arguments, .show, for: "show")
        case "set": return try parseSet(arguments)
        case "unset": return try parseUnset(arguments)
        case "body": return try parseBody(restOfLine(trimmed))
        case "mode": return .mode(try parseMode(arguments))
        case "redirects": return .redirects(try parseRedirects(arguments))
        case "env": return .environment(try one(arguments, for: "env"))
        case "send": return .send(try optionalOne(arguments, for: "send"))
        case "log": return try none(arguments, .log, for: "log")
        case "transfers": return try none(arguments, .transfers, for: "transfers")
        case "cache": return .cache(try parseCache(arguments))
        case "save": return try parseSave(arguments)
        case "reload": return try none(arguments, .reload, for: "reload")
        case "revert":
            guard arguments.count <= 1 else { throw usage("revert") }
            return .revert(arguments.first)
        case "history": return try none(arguments, .history, for: "history")
        case "curl": return try none(arguments, .curl, for: "curl")
        case "timing": return try none(arguments, .timing, for: "timing")
        case "verify": return .verify(arguments)
        case "diff": return try parseDiff(arguments)
        case "run": return .run(try parseRun(arguments))
        case "load": return .load(try parseLoad(arguments))
        case "vars": return try parseVars(arguments)
        case "filter":
            let expression = restOfLine(trimmed)
            guard !expression.isEmpty else { throw usage("filter") }
            return .filter(expression)
        case "rerun":
            guard let text = try optionalOne(arguments, for: "rerun"), let number = Int(text), number > 0 else {
                throw usage("rerun")
            }
            return .rerun(number)
        case "import": return try parseImport(arguments)
        case "export": return .export(try parseExport(arguments))
        case "quit", "exit", "q": return try none(arguments, .quit, for: "quit")
        case "grpc":
            // The words keep where they start: a call's JSON is the rest of the line as it is.
            let scanned = scan(trimmed)
            let words = scanned.words.dropFirst() + (scanned.last.map { [$0] } ?? [])
            let grpc = GRPCLine(words.map { ($0.text, $0.start) })
            return .grpc(try grpc.action(in: trimmed, remembered: grpcEndpoint))
        case "graphql":
            switch arguments.first {
            case "schema" where arguments.count <= 3:
                return .graphql(
                    .type(arguments.count > 1 ? arguments[1] : nil, target: arguments.count > 2 ? arguments[2] : nil))
            case "refresh" where arguments.count == 2: return .graphql(.refresh(target: arguments[1]))
            case "new" where arguments.count >= 3:
                var given: [String: String] = [:]
                for pair in arguments.dropFirst(3) {
                    guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                        throw ExplorerError(
                            .usage, "graphql new TARGET FIELD takes its arguments as NAME=VALUE, not '\(pair)'")
                    }
                    given[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
                }
                return .graphql(.draft(target: arguments[1], operation: "", field: arguments[2], arguments: given))
            default: throw usage("graphql")
            }
        case "cookies": return .cookies(try parseCookies(arguments))
        case "auth": return .auth(try parseAuth(arguments))
        case "connect": return .conversation(.connect(try optionalOne(arguments, for: "connect")))
        case "say":
            let text = restOfLine(trimmed)
            return .conversation(text.isEmpty ? .compose : .say(text))
        case "recv":
            guard let text = try optionalOne(arguments, for: "recv") else { return .conversation(.receive(nil)) }
            guard let count = Int(text), count > 0 else { throw usage("recv") }
            return .conversation(.receive(count))
        case "ping": return try none(arguments, .conversation(.ping), for: "ping")
        case "close":
            guard let text = try optionalOne(arguments, for: "close") else { return .conversation(.close(nil)) }
            guard let code = UInt16(text), WebSocketCloseCode(code).isSendable else {
                throw ExplorerError(
                    .usage,
                    "close CODE: a code a close frame may carry (1000–1003, 1007–1014, 3000–4999), not '\(text)'")
            }
            return .conversation(.close(code))
        default:
            let close = CommandRegistry.suggestions(for: name)
            let hint =
                close.isEmpty
                ? "'help' lists the commands" : "did you mean \(close.map { "'\($0)'" }.joined(separator: " or "))?"
            throw ExplorerError(.unknownCommand, "unknown command '\(name)'; \(hint)")
        }
    }

    /// Splits a line into words, honouring quotes and backslashes.
    package static func split(_ line: String) throws(ExplorerError) -> [String] {
        let scanned = scan(line)
        if scanned.openQuote { throw ExplorerError(.usage, "a quote is not closed") }
        return scanned.words.map(\.text) + (scanned.last.map { [$0.text] } ?? [])
    }

    /// A line cut into words the way the parser reads it, with where each word starts.
    struct Scan {
        /// The words ended by a space.
        var words: [(text: String, start: Int)] = []
        /// The word the line ends in, if it does not end in a space.
        var last: (text: String, start: Int)?
        /// Whether a quote is still open at the end.
        var openQuote = false
    }

    /// Cuts `line` into words: quotes group, a backslash escapes the next character (not inside
    /// single quotes); a trailing backslash is kept as it is.
    static func scan(_ line: String) -> Scan {
        var result = Scan()
        var current = ""
        var start = 0
        var inWord = false
        var quote: Character?
        var escaping = false
        for (offset, character) in line.enumerated() {
            if !inWord, quote == nil, !escaping, character != " ", character != "\t" { start = offset }
            if escaping {
                current.append(character)
                escaping = false
                inWord = true
            } else if character == "\\" && quote != "'" {
                escaping = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { result.words.append((current, start)) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if escaping { current.append("\\") }
        if inWord { result.last = (current, start) }
        result.openQuote = quote != nil
        return result
    }

    static func usage(_ name: String) -> ExplorerError {
        ExplorerError(.usage, "usage: \(CommandRegistry.info(name)?.usage ?? name)")
    }

    private static func none(_ arguments: [String], _ command: Command, for name: String) throws(ExplorerError)
        -> Command
    {
        guard arguments.isEmpty else { throw usage(name) }
        return command
    }

    private static func one(_ arguments: [String], for name: String) throws(ExplorerError) -> String {
        guard arguments.count == 1 else { throw usage(name) }
        return arguments[0]
    }

    private static func optionalOne(_ arguments: [String], for name: String) throws(ExplorerError) -> String? {
        guard arguments.count <= 1 else { throw usage(name) }
        return arguments.first
    }

    private static func field(_ word: String, for name: String) throws(ExplorerError) -> Command.EditField {
        guard let field = Command.EditField(rawValue: word.lowercased()) else { throw usage(name) }
        return field
    }

    private static func parseSet(_ arguments: [String]) throws(ExplorerError) -> Command {
        guard Command.EditField(rawValue: arguments.first?.lowercased() ?? "")?.isSecret != true else {
            throw typedSecret()
        }
        guard arguments.count >= 3 else { throw usage("set") }
        // The value may be written without quotes: everything after the name.
        return .set(
            try field(arguments[0], for: "set"), name: arguments[1], value: arguments[2...].joined(separator: " "))
    }

    /// A secret is never typed on a command line (it would stay in the line history).
    private static func typedSecret() -> ExplorerError {
        ExplorerError(
            .usage,
            "a secret is not typed on a command line: 'tern secrets set NAME' asks for it without echo, and the "
                + "TUI asks when a send needs one")
    }

    /// `diff [SPEC] [--with ENV | --history N M]`.
    private static func parseDiff(_ arguments: [String]) throws(ExplorerError) -> Command {
        var spec: String?
        var target = DiffTarget.previous
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--with":
                guard index + 1 < arguments.count else { throw usage("diff") }
                target = .environment(arguments[index + 1])
                index += 2
            case "--history":
                guard index + 2 < arguments.count, let first = Int(arguments[index + 1]),
                    let second = Int(arguments[index + 2]), first > 0, second > 0, first != second
                else { throw usage("diff") }
                target = .history(first, second)
                index += 3
            default:
                guard spec == nil, !argument.hasPrefix("-") else { throw usage("diff") }
                spec = argument
                index += 1
            }
        }
        return .diff(spec, target)
    }

    private static func parseUnset(_ arguments: [String]) throws(ExplorerError) -> Command {
        guard Command.EditField(rawValue: arguments.first?.lowercased() ?? "")?.isSecret != true else {
            throw typedSecret()
        }
        guard arguments.count == 2 else { throw usage("unset") }
        return .unset(try field(arguments[0], for: "unset"), name: arguments[1])
    }

    private static func parseVars(_ arguments: [String]) throws(ExplorerError) -> Command {
        guard let first = arguments.first else { return .vars(clear: nil) }
        guard first == "clear" else { throw usage("vars") }
        return .vars(clear: Array(arguments.dropFirst()))
    }

    private static func restOfLine(_ line: String) -> String {
        guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return "" }
        return String(line[space...]).trimmingWhitespace()
    }

    private static func parseBody(_ rest: String) throws(ExplorerError) -> Command {
        guard !rest.isEmpty else { throw usage("body") }
        if rest == "edit" { return .body(.editor) }
        if rest.hasPrefix("@") {
            let path = String(rest.dropFirst())
            guard !path.isEmpty else { throw usage("body") }
            return .body(.file(path))
        }
        return .body(.text(rest))
    }

    private static func parseMode(_ arguments: [String]) throws(ExplorerError) -> ResponseMode {
        guard arguments.count == 1 else { throw usage("mode") }
        guard let mode = ResponseMode(rawValue: arguments[0].lowercased()) else {
            throw ExplorerError(.usage, "unknown mode '\(arguments[0])'; use normal, live, cache or sample")
        }
        return mode
    }

    private static func parseRedirects(_ arguments: [String]) throws(ExplorerError) -> RedirectPolicy? {
        guard arguments.count <= 1 else { throw usage("redirects") }
        guard let word = arguments.first?.lowercased() else { return nil }
        switch word {
        case "follow", "on": return .default
        case "off", "no", "none": return .never
        default:
            guard let hops = Int(word), (0...RedirectPolicy.maximumHops).contains(hops) else {
                throw ExplorerError(
                    .usage,
                    "'\(arguments[0])' is not follow, off or a number of hops (0 to \(RedirectPolicy.maximumHops))")
            }
            return RedirectPolicy(follow: true, maximum: hops)
        }
    }

    private static func parseCache(_ arguments: [String]) throws(ExplorerError) -> Command.CacheAction {
        switch (arguments.first?.lowercased(), arguments.count) {
        case ("list", 1), (nil, 0): return .list
        case ("show", 2): return .show(arguments[1])
        case ("clear", 1): return .clear(nil)
        case ("clear", 2): return .clear(arguments[1])
        case ("import", 2): return .importHAR(arguments[1])
        case ("export", _), ("promote", _): break
        default: throw usage("cache")
        }
        let force = arguments.dropFirst().contains("--force")
        let rest = arguments.dropFirst().filter { $0 != "--force" }
        guard let first = rest.first else { throw usage("cache") }
        if arguments[0].lowercased() == "export" { return .export(first, names: Array(rest.dropFirst()), force: force) }
        guard rest.count == 1 else { throw usage("cache") }
        return .promote(first, force: force)
    }

    private static func parseCookies(_ arguments: [String]) throws(ExplorerError) -> Command.CookieAction {
        switch (arguments.first?.lowercased(), arguments.count) {
        case (nil, 0), ("list", 1): return .list(domain: nil)
        case ("list", 2): return .list(domain: arguments[1])
        case ("clear", 1): return .clear(domain: nil)
        case ("clear", 2): return .clear(domain: arguments[1])
        case ("delete", 2): return .delete(name: arguments[1], domain: nil)
        case ("delete", 4) where arguments[2] == "--domain": return .delete(name: arguments[1], domain: arguments[3])
        case ("delete", 4) where arguments[1] == "--domain": return .delete(name: arguments[3], domain: arguments[2])
        default: throw usage("cookies")
        }
    }

    private static func parseAuth(_ arguments: [String]) throws(ExplorerError) -> Command.AuthAction {
        switch (arguments.first?.lowercased(), arguments.count) {
        case (nil, 0), ("status", 1): return .status
        case ("login", 1): return .login(nil)
        case ("login", 2): return .login(arguments[1])
        case ("logout", 1): return .logout(all: false)
        case ("logout", 2) where arguments[1] == "--all": return .logout(all: true)
        default: throw usage("auth")
        }
    }

    private static func parseSave(_ arguments: [String]) throws(ExplorerError) -> Command {
        switch arguments.count {
        case 0: return .save(as: nil)
        case 1 where arguments[0] == "--force": return .save(as: nil, force: true)
        case 1 where !arguments[0].hasPrefix("-") && arguments[0].lowercased() != "as": return .save(as: arguments[0])
        case 2 where arguments[0].lowercased() == "as": return .save(as: arguments[1])
        default: throw usage("save")
        }
    }
}
