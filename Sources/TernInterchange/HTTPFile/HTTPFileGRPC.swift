import Foundation
import Tern
import TernWorkspace

/// The `GRPC` requests of `.http` files, in the dialects that write them:
///
/// - JetBrains HTTP Client and httpyac: `GRPC [grpc://|grpcs://]HOST:PORT/pkg.Service/Method` (no scheme:
///   plaintext), headers as metadata, the JSON body as the message; httpyac's `proto < ./file.proto`.
/// - kulala: `GRPC [flags] HOST:PORT pkg.Service/Method`, grpcurl's syntax (TLS unless `-plaintext`), with
///   `# @grpc-plaintext`, `# @grpc-proto FILE`, `# @grpc-import-path DIR`, `# @grpc-protoset FILE`,
///   `# @grpc-flags …` and their `@grpc-global-…` forms for the rest of the file.
/// - resterm: `# @grpc pkg.Service/Method`, `# @grpc-descriptor FILE` and `GRPC passthrough:///HOST:PORT`.
///
/// What it reads becomes grpcurl's flags, read by `GRPCurlArguments`: one syntax, one set of checks.
enum HTTPFileGRPC {
    /// A request's gRPC lines, as grpcurl words, and the method resterm names apart.
    struct Settings {
        /// Flags from directives, in order.
        var flags: [String] = []
        /// `# @grpc pkg.Service/Method` (resterm).
        var method: String?
        /// Whether a directive said plaintext or TLS (`@grpc-plaintext true|false`).
        var plaintext: Bool?

        /// These settings after the file's `@grpc-global-…` ones (a request's own win).
        func after(_ globals: Settings) -> Settings {
            Settings(
                flags: globals.flags + flags, method: method ?? globals.method,
                plaintext: plaintext ?? globals.plaintext)
        }
    }

    /// Reads httpyac's `proto < ./file.proto` line; false when `line` is none.
    static func takeProto(_ line: String, into settings: inout Settings) -> Bool {
        guard line.hasPrefix("proto <") else { return false }
        settings.flags += ["-proto", line.dropFirst("proto <".count).trimmingCharacters(in: .whitespaces)]
        return true
    }

    /// Reads a comment's gRPC directive (`@grpc…`, the text after `#`) into `settings` (or `globals` for an
    /// `@grpc-global-…` one); false when the comment is none.
    static func take(_ comment: String, into settings: inout Settings, globals: inout Settings) -> Bool {
        guard comment.hasPrefix("@grpc") else { return false }
        let body = comment.dropFirst("@grpc".count)
        let value = body.drop { !$0.isWhitespace }.trimmingCharacters(in: .whitespaces)
        guard body.first == "-" else {
            guard body.isEmpty || body.first?.isWhitespace == true else { return false }
            if !value.isEmpty { settings.method = value }
            return true
        }
        var name = String(body.dropFirst().prefix { !$0.isWhitespace })
        let global = name.hasPrefix("global-")
        if global { name = String(name.dropFirst("global-".count)) }
        var target = global ? globals : settings
        switch name {
        case "flags": target.flags += value.split(whereSeparator: \.isWhitespace).map(String.init)
        case "descriptor": target.flags += ["-protoset", value]
        case "metadata": target.flags += ["-H", value]
        case "plaintext", "insecure":
            let on = value.isEmpty || value.lowercased() == "true"
            if name == "plaintext" { target.plaintext = on } else if on { target.flags.append("-insecure") }
        case "reflection": break
        default: target.flags += ["-" + name] + (value.isEmpty ? [] : [value])
        }
        if global { globals = target } else { settings = target }
        return true
    }

    /// The draft of a `GRPC` request whose request line's target is `target`, or nil (the request skipped
    /// with the reason) when it is no call Tern can make.
    static func draft(
        target: String, name: String, headers: [RequestDraft.Row], body: [Substring], settings: Settings,
        line: Int, context: ImportContext
    ) -> RequestDraft? {
        let skip = { (reason: String) -> RequestDraft? in
            context.skipped.append(SkippedItem(item: name, reason: reason))
            return nil
        }
        var words = settings.flags
        var plaintext = settings.plaintext
        var address: String
        var method = settings.method
        let parts = target.split(whereSeparator: \.isWhitespace).map(String.init)
        if parts.count > 1 {
            // kulala: grpcurl's own words.
            words += parts
            address = ""
        } else {
            var rest = target
            for (scheme, secure) in [
                ("grpc://", false), ("http://", false), ("grpcs://", true), ("https://", true),
                ("passthrough:///", nil), ("dns:///", nil),
            ] as [(String, Bool?)] where rest.lowercased().hasPrefix(scheme) {
                rest = String(rest.dropFirst(scheme.count))
                if let secure { plaintext = !secure }
            }
            if let slash = rest.firstIndex(of: "/") {
                method = String(rest[rest.index(after: slash)...])
                rest = String(rest[..<slash])
            }
            address = rest
            guard let method else { return skip("its GRPC line names no method (HOST:PORT/pkg.Service/Method)") }
            // A templated server (`{{host}}`) is checked when sent, not here.
            words += [address.contains("{{") ? "template.invalid:1" : address, method]
            if plaintext ?? true { words.insert("-plaintext", at: 0) }
        }
        if parts.count > 1, plaintext == true { words.insert("-plaintext", at: 0) }
        let shellWords = words.map { ShellWord(text: $0, line: line, column: 1) }
        var invocation: GRPCurlInvocation
        do throws(ImportError) {
            invocation = try GRPCurlArguments.parse(shellWords) { _ in "\(context.source.name):\(line)" }
        } catch {
            return skip(error.message)
        }
        if address.contains("{{") { invocation.address = address }
        // Comments after the message are not part of it.
        var body = body
        while let last = body.last?.trimmingCharacters(in: .whitespaces),
            last.isEmpty || last.hasPrefix("#") || last.hasPrefix("//")
        {
            body.removeLast()
        }
        let text = body.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("<") { return skip("its message is read from a file ('< file'): write it in the request") }
        var messages: [JSONValue] = []
        if !text.isEmpty {
            do throws(ImportError) {
                messages = try GRPCurlMessages.parse(text, at: "\(context.source.name):\(line)")
            } catch {
                return skip("its message is not JSON (\(error.message))")
            }
        }
        var call = GRPCDefinition(method: invocation.method)
        call.messages = messages
        call.timeout = invocation.maxTime
        let item = "\(name) (line \(line))"
        var connection = GRPCurlMapper.connection(of: invocation, item: item, context: context)
        // `{{host}}` alone holds the whole server (`grpc://…`), as a target's baseURL does.
        if address.contains("{{"), Templates.isReferenceOnly(address) { connection.baseURL = address }
        var draft = RequestDraft(name: name, folders: [], method: "POST", url: connection.baseURL)
        draft.grpc = call
        draft.grpcTarget = connection
        draft.headers =
            headers.filter { $0.name.lowercased() != "content-type" }
            + invocation.metadata.map { RequestDraft.Row(name: $0.name, value: $0.value) }
        for warning in invocation.notCarried { context.warn("\(item): \(warning)") }
        return draft
    }
}
