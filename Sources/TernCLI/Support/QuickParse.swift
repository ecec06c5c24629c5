import Tern
import TernExplorer

/// The usual `tern send` command lines, read without swift-argument-parser.
///
/// To build a command's arguments, swift-argument-parser instantiates generic types and reflects on
/// their properties. The Swift runtime then looks up a few hundred protocol conformances, and each
/// first lookup scans all 12,800 conformance records in the executable. That is about a third of
/// the instructions of a send answered from the cache (docs/benchmarks.md, "Where a send's time
/// goes"). A one-shot send should cost about what curl does, so the command lines that need no
/// judgement are read here.
///
/// Anything else returns nil and goes to swift-argument-parser, which parses it or reports what is
/// wrong, as always. That includes help, an unknown or repeated option, a flag with a value, an
/// empty value or one that starts with `-`, `--`, and bundled short flags. `TERN_PARSER=full`
/// always uses swift-argument-parser. `TERN_PARSER=quick` uses only this, and a command line it
/// leaves is a usage error; the tests use it to check that both read a command line the same way.
enum QuickParse {
    /// Which parser reads the command line, from `TERN_PARSER`.
    enum Choice: Equatable {
        /// This one, else swift-argument-parser (unset, or any other value).
        case either
        /// swift-argument-parser only (`full`).
        case full
        /// This one only (`quick`).
        case quick

        init(environment value: String?) {
            switch value {
            case "full": self = .full
            case "quick": self = .quick
            default: self = .either
            }
        }
    }

    /// Options of `tern send` that take one value, under their long names.
    private static let singleValued: Set<String> = [
        "--workspace", "--env", "--mode", "--body", "--output", "--filter", "--events", "--max-redirects",
    ]
    /// Options that may be repeated, each time with one value.
    private static let repeatable: Set<String> = ["--var", "--header", "--query"]
    /// Options without a value.
    private static let flags: Set<String> = [
        "--continue", "--no-cookies", "--include", "--verbose", "--fail", "--no-follow", "--at-once", "--no-check",
    ]
    /// Short names, as their long names.
    private static let shortNames = ["-o": "--output", "-C": "--continue", "-v": "--verbose"]

    /// The values of `tern send` when `arguments` (the process's, without the executable) is a
    /// command line this reads; nil when swift-argument-parser should read it.
    static func send(_ arguments: [String]) -> SendArguments? {
        guard arguments.first == "send" else { return nil }
        var spec: String?
        var values: [String: String] = [:]
        var lists: [String: [String]] = [:]
        var given: Set<String> = []
        var index = arguments.index(after: arguments.startIndex)
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            guard word.hasPrefix("-") else {
                // A second word, an empty one, or `help` (which only the parser knows the meaning of).
                guard spec == nil, !word.isEmpty, word != "help" else { return nil }
                spec = word
                continue
            }
            var name = word
            var attached: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                attached = String(word[word.index(after: equals)...])
            }
            name = shortNames[name] ?? name
            if flags.contains(name) {
                guard attached == nil, given.insert(name).inserted else { return nil }
                continue
            }
            let isRepeatable = repeatable.contains(name)
            guard isRepeatable || singleValued.contains(name) else { return nil }
            let value: String
            if let attached {
                value = attached
            } else {
                guard index < arguments.endIndex else { return nil }
                value = arguments[index]
                index += 1
            }
            guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
            if isRepeatable {
                lists[name, default: []].append(value)
            } else {
                guard values.updateValue(value, forKey: name) == nil else { return nil }
            }
        }
        guard let spec else { return nil }
        var send = SendArguments(spec: spec)
        send.workspace = WorkspaceFolder(workspace: values["--workspace"])
        send.env = values["--env"]
        if let mode = values["--mode"] {
            guard let known = ResponseMode(rawValue: mode) else { return nil }
            send.mode = known
        }
        if let events = values["--events"] {
            guard let known = SendCommand.EventFormat(rawValue: events) else { return nil }
            send.events = known
        }
        if let hops = values["--max-redirects"] {
            guard let number = Int(hops) else { return nil }
            send.maxRedirects = number
        }
        send.noFollow = given.contains("--no-follow")
        send.body = values["--body"]
        send.output = values["--output"]
        send.filter = values["--filter"]
        send.variables = lists["--var"] ?? []
        send.headers = lists["--header"] ?? []
        send.query = lists["--query"] ?? []
        send.resume = given.contains("--continue")
        send.noCookies = given.contains("--no-cookies")
        send.include = given.contains("--include")
        send.verbose = given.contains("--verbose")
        send.fail = given.contains("--fail")
        send.atOnce = given.contains("--at-once")
        send.checksGraphQL = !given.contains("--no-check")
        return send
    }

    /// `tern METHOD URL ITEM...` (a method in either case, or no method before a URL) with no options:
    /// the method (nil: HTTPie's choice) and the typed request; nil for anything else.
    static func adHoc(_ arguments: [String]) -> (method: String?, invocation: AdHocInvocation)? {
        guard let first = arguments.first else { return nil }
        var method: String?
        var rest = arguments[...]
        if AdHocRequest.methods.contains(first.uppercased()), first == first.lowercased() || first == first.uppercased()
        {
            method = first.uppercased()
            rest = rest.dropFirst()
        } else if first == "request" {
            rest = rest.dropFirst()
        } else {
            return nil
        }
        guard let url = rest.first, AdHocArguments.looksLikeURL(url) || !url.hasPrefix("-"),
            !rest.contains(where: { $0.hasPrefix("-") })
        else { return nil }
        return (method, AdHocInvocation(url: url, items: Array(rest.dropFirst())))
    }
}
