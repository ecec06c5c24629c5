import Foundation
import TernWorkspace

/// Reads grpcurl's arguments (after the program name) as Go's `flag` package does: `-flag` or
/// `--flag`, a value after `=` or in the next word, booleans as `-flag` or `-flag=true|false`.
///
/// The call is `[flags] HOST:PORT pkg.Service/Method`; `list` and `describe` are not calls and are
/// refused, as are flags whose meaning a spec cannot keep (`-d @`, `-format text`, `-unix`). An unknown
/// flag is an error naming close matches.
enum GRPCurlArguments {
    /// How a flag takes its value.
    enum Kind: Equatable {
        /// `-flag` or `-flag=true|false`.
        case boolean
        /// `-flag VALUE` or `-flag=VALUE`.
        case value
    }

    /// Every flag grpcurl 1.9 reads.
    static let flags: [String: Kind] = [
        "plaintext": .boolean, "insecure": .boolean, "use-reflection": .boolean, "emit-defaults": .boolean,
        "allow-unknown-fields": .boolean, "v": .boolean, "vv": .boolean, "format-error": .boolean,
        "expand-headers": .boolean, "version": .boolean, "help": .boolean, "h": .boolean, "msg-template": .boolean,
        "unix": .boolean, "alts": .boolean,
        "d": .value, "H": .value, "rpc-header": .value, "reflect-header": .value, "proto": .value,
        "import-path": .value, "protoset": .value, "max-time": .value, "connect-timeout": .value,
        "keepalive-time": .value, "cacert": .value, "cert": .value, "key": .value, "authority": .value,
        "servername": .value, "format": .value, "max-msg-sz": .value, "user-agent": .value, "protoset-out": .value,
        "proto-out-dir": .value, "alts-handshaker-service": .value, "alts-target-service-account": .value,
    ]

    /// What flags a spec cannot carry mean, for the import's warnings.
    static let notCarried: [String: String] = [
        "connect-timeout": "Tern connects within 10 s",
        "keepalive-time": "Tern sends no keepalive pings",
        "authority": "Tern sends the address as :authority",
        "servername": "Tern checks the certificate against the address's host",
        "max-msg-sz": "set the limit with tern grpc --max-msg-size",
        "user-agent": "Tern sends its own user agent",
        "emit-defaults": "Tern prints the fields the server sent",
        "allow-unknown-fields": "Tern refuses a message field the descriptors lack",
        "format-error": "Tern prints a status as 'status NAME (CODE): MESSAGE'",
        "expand-headers": "write {{env:NAME}} in the metadata instead of ${NAME}",
        "v": "tern send -v shows the call", "vv": "tern send -v shows the call",
    ]

    /// Flags whose meaning Tern cannot keep: the import stops with this reason.
    static let refused: [String: String] = [
        "version": "it prints grpcurl's version, not a call", "help": "it prints grpcurl's help, not a call",
        "h": "it prints grpcurl's help, not a call",
        "msg-template": "it prints a message template, not a call (tern grpc ADDRESS describe TYPE shows the type)",
        "unix": "Tern calls servers over TCP, not a Unix socket", "alts": "Tern does not speak ALTS",
        "alts-handshaker-service": "Tern does not speak ALTS",
        "alts-target-service-account": "Tern does not speak ALTS",
        "protoset-out": "it writes descriptors, not a call", "proto-out-dir": "it writes .proto files, not a call",
    ]

    /// The invocation `words` make; `location` names a word's place for errors.
    static func parse(
        _ words: [ShellWord], location: (ShellWord) -> String
    ) throws(ImportError) -> GRPCurlInvocation {
        var invocation = GRPCurlInvocation()
        var positional: [ShellWord] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.text.hasPrefix("-"), word.text != "-", word.text != "--" else {
                if word.text != "--" { positional.append(word) }
                continue
            }
            let body = word.text.drop { $0 == "-" }
            let name = String(body.prefix { $0 != "=" })
            let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            guard let kind = flags[name] else {
                let close = Suggestions.closeMatches(to: name, in: Array(flags.keys))
                let hint = close.isEmpty ? "" : " (did you mean \(close.map { "-" + $0 }.joined(separator: ", "))?)"
                throw ImportError("grpcurl has no flag -\(name)\(hint)", at: location(word))
            }
            var value = inline
            if kind == .boolean {
                if let inline, !["true", "false", "1", "0", "t", "f"].contains(inline.lowercased()) {
                    throw ImportError("-\(name) is true or false, not '\(inline)'", at: location(word))
                }
                if let inline, ["false", "0", "f"].contains(inline.lowercased()) { continue }
            } else if value == nil {
                guard index < words.count else {
                    throw ImportError("-\(name) needs a value", at: location(word))
                }
                value = words[index].text
                index += 1
            }
            if let reason = refused[name] {
                throw ImportError("grpcurl -\(name) is not imported: \(reason)", at: location(word))
            }
            try apply(name, value: value ?? "", to: &invocation, at: location(word))
        }
        try assignPositional(positional, to: &invocation, location: location)
        if invocation.plaintext, invocation.insecure {
            throw ImportError("-plaintext and -insecure together: the first means no TLS, the second TLS unchecked")
        }
        if invocation.protosets.count > 1 {
            throw ImportError("Tern reads one -protoset per target, not \(invocation.protosets.count)")
        }
        if !invocation.protosets.isEmpty, !invocation.protos.isEmpty {
            throw ImportError("-proto and -protoset together: grpcurl takes one or the other")
        }
        if invocation.plaintext, invocation.caFile != nil || invocation.certificate != nil || invocation.key != nil {
            throw ImportError("-cacert, -cert and -key are TLS options: they do not go with -plaintext")
        }
        if (invocation.certificate == nil) != (invocation.key == nil) {
            throw ImportError("-cert and -key go together (a client certificate and its key)")
        }
        return invocation
    }

    /// One flag's effect.
    private static func apply(
        _ name: String, value: String, to invocation: inout GRPCurlInvocation, at place: String
    ) throws(ImportError) {
        switch name {
        case "plaintext": invocation.plaintext = true
        case "insecure": invocation.insecure = true
        case "d":
            if value.hasPrefix("@") {
                throw ImportError(
                    "-d @ reads the messages from standard input when grpcurl runs; write them in the command "
                        + "(-d '{…}') to import it", at: place)
            }
            invocation.data = value
        case "H", "rpc-header", "reflect-header":
            guard let colon = value.firstIndex(of: ":") else {
                throw ImportError("-\(name) '\(value)' is not 'name: value'", at: place)
            }
            let entry = (
                name: value[..<colon].trimmingCharacters(in: .whitespaces),
                value: value[value.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
            if name == "reflect-header" {
                invocation.reflectMetadata.append(entry)
            } else {
                invocation.metadata.append(entry)
            }
        case "proto": invocation.protos.append(value)
        case "import-path": invocation.importPaths.append(value)
        case "protoset": invocation.protosets.append(value)
        case "max-time":
            guard let seconds = Double(value), seconds > 0, seconds <= 86_400 else {
                throw ImportError("-max-time is a number of seconds (at most 86400), not '\(value)'", at: place)
            }
            invocation.maxTime = seconds
        case "cacert": invocation.caFile = value
        case "cert": invocation.certificate = value
        case "key": invocation.key = value
        case "format":
            guard value == "json" else {
                throw ImportError(
                    "-format \(value) is not imported: Tern reads and writes messages as JSON (-format json)",
                    at: place)
            }
        case "use-reflection": break
        default:
            invocation.notCarried.append("-\(name): not imported (\(notCarried[name] ?? "Tern has no such setting"))")
        }
    }

    /// `HOST:PORT pkg.Service/Method`; `list` and `describe` are refused.
    private static func assignPositional(
        _ words: [ShellWord], to invocation: inout GRPCurlInvocation, location: (ShellWord) -> String
    ) throws(ImportError) {
        if let verb = words.first(where: { $0.text == "list" || $0.text == "describe" }) {
            throw ImportError(
                "grpcurl \(verb.text) is not a call, so there is no spec to import: "
                    + "run tern grpc ADDRESS \(verb.text) [SYMBOL]", at: location(verb))
        }
        guard words.count == 2 else {
            let place = words.first.map(location)
            throw ImportError(
                words.count < 2
                    ? "grpcurl needs an address and a method: grpcurl [flags] HOST:PORT pkg.Service/Method"
                    : "grpcurl takes an address and a method, not \(words.count) words: "
                        + words.map(\.text).joined(separator: " "), at: place)
        }
        let address = words[0].text
        guard let colon = address.lastIndex(of: ":"), !address.contains("/"), colon != address.startIndex,
            let port = Int(address[address.index(after: colon)...]), (1...65535).contains(port)
        else {
            throw ImportError("'\(address)' is not HOST:PORT, the address grpcurl calls", at: location(words[0]))
        }
        invocation.address = address
        var method = words[1].text
        if !method.contains("/"), let dot = method.lastIndex(of: ".") {
            method.replaceSubrange(dot...dot, with: "/")
        }
        let parts = method.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !method.contains(" ") else {
            throw ImportError("'\(words[1].text)' is not a method (pkg.Service/Method)", at: location(words[1]))
        }
        invocation.method = method
    }
}
