import Foundation
import Tern

/// A `grpc` line of the command language cut into its parts, as the parser and Tab read it:
///
///     grpc [ADDRESS] [OPTION]... list [SERVICE] | describe SYMBOL | call SERVICE/METHOD [JSON...]
///
/// ADDRESS may be left out once a line gave one (the REPL remembers the endpoint). Options go anywhere
/// before a call's JSON, which is the rest of the line as it is (no quoting needed). As in `tern grpc`,
/// `SERVICE/METHOD` alone (without `call`) calls it.
struct GRPCLine {
    /// The options that take a value, as `tern grpc` spells them.
    static let valueOptions: Set<String> = [
        "-H", "--header", "--proto", "-I", "--import-path", "--protoset", "--max-time",
    ]
    /// The options that take none.
    static let flags: Set<String> = ["--plaintext"]
    static let verbs = ["list", "describe", "call"]

    var address: String?
    var plaintext = false
    var options: [(name: String, value: String)] = []
    /// `list`, `describe` or `call`.
    var verb: String?
    var arguments: [String] = []
    /// Where a call's JSON starts in the line, in characters, when the line goes on after the method.
    var jsonStart: Int?
    /// An option written last, without its value.
    var dangling: String?
    /// A word that has no place here (an unknown option, a second address).
    var stray: String?

    /// Reads the words after `grpc` (each with where it starts in the line).
    init(_ words: some Sequence<(text: String, start: Int)>) {
        var pendingOption: String?
        for (word, start) in words {
            if let option = pendingOption {
                options.append((option, word))
                pendingOption = nil
            } else if verb == "call", arguments.count == 1, !word.hasPrefix("-") {
                jsonStart = start
                break
            } else if Self.flags.contains(word) {
                plaintext = true
            } else if Self.valueOptions.contains(word) {
                pendingOption = word
            } else if word.hasPrefix("-") && word.count > 1 {
                stray = stray ?? word
            } else if verb != nil {
                arguments.append(word)
            } else if Self.verbs.contains(word.lowercased()) {
                verb = word.lowercased()
            } else if Self.isMethod(word) {
                verb = "call"
                arguments = [word]
            } else if address == nil {
                address = word
            } else {
                stray = stray ?? word
            }
        }
        dangling = pendingOption
    }

    /// `pkg.Service/Method` (an address has no slash unless it has a scheme).
    static func isMethod(_ word: String) -> Bool { word.contains("/") && !word.contains("://") }

    /// The command `line` (whose words were read) asks for; without an ADDRESS, at `remembered`.
    func action(in line: String, remembered: GRPCEndpoint?) throws(ExplorerError) -> Command.GRPCAction {
        if let stray {
            let also = stray.hasPrefix("-") ? "an option grpc does not take" : "out of place"
            throw ExplorerError(.usage, "grpc: '\(stray)' is \(also); \(Self.usage)")
        }
        if let dangling { throw ExplorerError(.usage, "\(dangling) needs a value") }
        guard let verb else { throw ExplorerError(.usage, "grpc: say what to do: \(Self.usage)") }
        let endpoint = try endpoint(remembered: remembered)
        switch verb {
        case "list":
            guard arguments.count <= 1 else { throw ExplorerError(.usage, "list takes at most one SERVICE") }
            return .list(endpoint, service: arguments.first)
        case "describe":
            guard arguments.count == 1 else { throw ExplorerError(.usage, "describe takes one SYMBOL") }
            return .describe(endpoint, symbol: arguments[0])
        default:
            guard let method = arguments.first else {
                throw ExplorerError(.usage, "call takes SERVICE/METHOD (pkg.Service/Method), then the JSON")
            }
            guard method.contains("/") || method.split(separator: ".").count > 1 else {
                throw ExplorerError(.usage, "'\(method)' is not SERVICE/METHOD (pkg.Service/Method)")
            }
            let json = jsonStart.map { String(line.dropFirst($0)).trimmingWhitespace() } ?? ""
            return .call(endpoint, method: method, input: json.isEmpty ? nil : Data(json.utf8))
        }
    }

    static let usage =
        "grpc [ADDRESS] list [SERVICE] | describe SYMBOL | call SERVICE/METHOD [JSON...] "
        + "(ADDRESS once, then remembered)"

    /// The endpoint: ADDRESS with the line's options, or the remembered one with them on top (a `-H`
    /// name given again replaces the remembered values of that name).
    private func endpoint(remembered: GRPCEndpoint?) throws(ExplorerError) -> GRPCEndpoint {
        var endpoint: GRPCEndpoint
        if let address {
            endpoint = try GRPCEndpoint.parse(address, plaintext: plaintext).get()
        } else if let remembered {
            guard !plaintext else {
                throw ExplorerError(
                    .usage, "--plaintext goes with an ADDRESS (HOST:PORT); the one in use is \(remembered.url)")
            }
            endpoint = remembered
        } else {
            throw ExplorerError(
                .usage, "no gRPC address yet: name one, as in 'grpc HOST:PORT list' (later lines may leave it out)")
        }
        let file = { (path: String) in URL(fileURLWithPath: (path as NSString).expandingTildeInPath) }
        var metadata: [GRPCMetadataEntry] = []
        var protos: [URL] = []
        var importPaths: [URL] = []
        var protoset: URL?
        for (name, value) in options {
            switch name {
            case "-H", "--header": metadata.append(try GRPCEndpoint.metadata(written: value))
            case "--proto": protos.append(file(value))
            case "-I", "--import-path": importPaths.append(file(value))
            case "--protoset":
                guard protoset == nil else { throw ExplorerError(.usage, "give one --protoset") }
                protoset = file(value)
            default:
                guard let seconds = Double(value), seconds.isFinite else {
                    throw ExplorerError(.usage, "--max-time is a number of seconds, not '\(value)'")
                }
                try endpoint.takeDeadline(seconds: seconds)
            }
        }
        let given = Set(metadata.map(\.name))
        endpoint.metadata.removeAll { given.contains($0.name) }
        endpoint.metadata += metadata
        try endpoint.takeDescriptors(protos: protos, importPaths: importPaths, protoset: protoset)
        return endpoint
    }
}

extension GRPCLine {
    /// What Tab offers at the end of `line` (a `grpc` line, `scanned`), from `vocabulary` (the descriptors
    /// of the remembered endpoint): verbs (and methods, which may stand for `call METHOD`) and options, the
    /// services after `list`, the symbols after `describe`, the methods after `call`, and inside a call's
    /// JSON the field names of the message
    /// whose key is being typed (after its opening quote).
    static func completions(
        _ line: String, _ scanned: CommandParser.Scan, vocabulary: GRPCVocabulary?
    ) -> (pool: [String], word: String, start: Int, suffix: String) {
        var grpc = GRPCLine(scanned.words.dropFirst().map { ($0.text, $0.start) })
        let word = scanned.last?.text ?? ""
        let start = scanned.last?.start ?? line.count
        if grpc.jsonStart == nil, grpc.verb == "call", grpc.arguments.count == 1, grpc.dangling == nil,
            let last = scanned.last, !last.text.hasPrefix("-")
        {
            grpc.jsonStart = last.start
        }
        var known = vocabulary
        if let address = grpc.address, known?.names(address) != true { known = nil }
        if let jsonStart = grpc.jsonStart {
            guard let method = grpc.arguments.first,
                let (path, partial) = jsonKey(in: line.dropFirst(jsonStart)),
                let fields = known?.fields(of: method, at: path)
            else { return ([], word, start, " ") }
            return (fields, partial, line.count - partial.count, "\"")
        }
        if grpc.dangling != nil { return ([], word, start, " ") }
        if word.hasPrefix("-") { return (valueOptions.union(flags).sorted(), word, start, " ") }
        let pool: [String]
        switch (grpc.verb, grpc.arguments.count) {
        case (nil, _): pool = verbs + (known.map { $0.methods.keys.sorted() } ?? [])
        case ("list", 0): pool = known?.services ?? []
        case ("describe", 0): pool = known?.symbols ?? []
        case ("call", 0): pool = known.map { $0.methods.keys.sorted() } ?? []
        default: pool = []
        }
        return (pool, word, start, " ")
    }

    /// When `json` ends inside an object key (after its opening quote): the keys of the objects that
    /// enclose that object (outermost first; arrays pass through) and the key typed so far.
    static func jsonKey(in json: Substring) -> (path: [String], partial: String)? {
        enum Frame {
            case object(key: String?, expectingKey: Bool)
            case array
        }
        var stack: [Frame] = []
        var inString = false
        var isKey = false
        var escaped = false
        var text = ""
        for character in json {
            if inString {
                if escaped {
                    text.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    if isKey, let last = stack.indices.last { stack[last] = .object(key: text, expectingKey: false) }
                } else {
                    text.append(character)
                }
                continue
            }
            switch character {
            case "\"":
                inString = true
                text = ""
                if case .object(_, true)? = stack.last { isKey = true } else { isKey = false }
            case "{": stack.append(.object(key: nil, expectingKey: true))
            case "[": stack.append(.array)
            case "}", "]": if !stack.isEmpty { stack.removeLast() }
            case ",":
                if case .object(let key, _)? = stack.last, let last = stack.indices.last {
                    stack[last] = .object(key: key, expectingKey: true)
                }
            default: break
            }
        }
        guard inString, isKey, !escaped else { return nil }
        let path = stack.dropLast().compactMap { frame -> String? in
            if case .object(let key?, _) = frame { key } else { nil }
        }
        return (path, text)
    }
}
