import TernWorkspace

/// Everything known about one command: its name, usage, summary and default key. One table feeds
/// the parser's suggestions, `help`, the TUI's key hints and `docs/commands.md`.
package struct CommandInfo: Sendable, Hashable {
    /// The command word.
    package let name: String
    /// The arguments, as shown in usage lines (`header|query|var NAME VALUE`).
    package let arguments: String
    /// One sentence on what it does.
    package let summary: String
    /// The TUI key that runs it, if any.
    package let key: String?
    /// More than the summary, for `help COMMAND` (lines of plain text).
    package var details: String? = nil

    /// `name arguments`.
    package var usage: String { arguments.isEmpty ? name : "\(name) \(arguments)" }
}

/// The command table.
package enum CommandRegistry {
    /// Every command, in the order help lists them.
    package static let all: [CommandInfo] = [
        CommandInfo(
            name: "help", arguments: "[COMMAND]", summary: "List the commands, or show how to use one.", key: "?"),
        CommandInfo(name: "ls", arguments: "", summary: "List the workspace's specs with method and path.", key: nil),
        CommandInfo(name: "use", arguments: "SPEC", summary: "Select a spec by id or unique file name.", key: "Enter"),
        CommandInfo(
            name: "show", arguments: "", summary: "Show the selected spec fully resolved: method, URL, headers, body.",
            key: nil),
        CommandInfo(
            name: "set", arguments: "header|query|var NAME VALUE",
            summary: "Set a header, query parameter or variable for the selected spec.", key: nil),
        CommandInfo(
            name: "unset", arguments: "header|query|var NAME", summary: "Remove a header, query parameter or variable.",
            key: nil),
        CommandInfo(
            name: "body", arguments: "TEXT|@FILE|edit",
            summary: "Replace the body with text, a file's contents, or edit it in $EDITOR.", key: "e"),
        CommandInfo(
            name: "mode", arguments: "normal|live|cache|sample", summary: "Choose where responses come from.",
            key: "m"),
        CommandInfo(name: "env", arguments: "NAME", summary: "Switch to another environment.", key: nil),
        CommandInfo(
            name: "redirects", arguments: "[follow|off|N]",
            summary: "Follow redirects (up to N hops) or not for this session's sends; alone, show the policy.",
            key: nil),
        CommandInfo(name: "send", arguments: "[SPEC]", summary: "Send the selected spec, or the one named.", key: "s"),
        CommandInfo(
            name: "log", arguments: "",
            summary: "Show the retry log: every attempt, its outcome and the delay before the next.", key: nil),
        CommandInfo(
            name: "transfers", arguments: "", summary: "Show uploads and downloads with bytes, rate and outcome.",
            key: nil),
        CommandInfo(
            name: "cache",
            arguments:
                "list|show KEY|clear [KEY]|export FILE [--force] [SPEC|GROUP]...|import FILE|promote KEY [--force]",
            summary: "List, show or clear stored responses; share them as HAR; make one a spec's sample.", key: nil
        ),
        CommandInfo(
            name: "save", arguments: "[[as] NAME]|--force",
            summary:
                "Write the edited spec to its file, or to a new spec NAME (never over one); --force overwrites a file "
                + "changed on disk.",
            key: nil),
        CommandInfo(
            name: "revert", arguments: "[SPEC]", summary: "Drop the unsaved edits of the selected (or named) spec.",
            key: nil),
        CommandInfo(
            name: "reload", arguments: "",
            summary: "Read the workspace's files again now (changes on disk are also picked up as they happen).",
            key: nil),
        CommandInfo(
            name: "history", arguments: "", summary: "List past sends with status, source and duration.", key: nil),
        CommandInfo(name: "curl", arguments: "", summary: "Print the resolved request as a curl command.", key: nil),
        CommandInfo(
            name: "verify", arguments: "[SPEC|GROUP]...",
            summary: "Send live and compare with the stored answer: status, content type, JSON fields.", key: "v"
        ),
        CommandInfo(
            name: "diff", arguments: "[SPEC] [--with ENV | --history N M]",
            summary: "Compare two answers: the newest with the previous, with another environment's, or two sends.",
            key: "="),
        CommandInfo(
            name: "run", arguments: "[SPEC|GROUP]... [--data FILE]",
            summary: "Send specs in order, dependencies first, and check their expectations; once per data row.",
            key: "R"),
        CommandInfo(
            name: "load",
            arguments:
                "SPEC|GROUP... [--rate R [--connections C] | --concurrency N] [--duration D] [--data FILE] "
                + "[--engine auto|wire|handler]",
            summary: "Send under load for D seconds (default 10); p50/p90/p99/p99.9/max, statuses, errors.",
            key: nil),
        CommandInfo(
            name: "vars", arguments: "[clear [NAME]...]",
            summary: "List every variable with its value and source; clear forgets captured values.", key: nil),
        CommandInfo(
            name: "filter", arguments: "EXPR",
            summary: "Print what a JSONPath selects in the last response's JSON body.", key: nil),
        CommandInfo(
            name: "timing", arguments: "",
            summary: "Show where the last live response's time went: connect, first byte, transfer.", key: nil),
        CommandInfo(
            name: "rerun", arguments: "N", summary: "Send again the spec of the Nth entry history lists (1: newest).",
            key: nil),
        CommandInfo(
            name: "import",
            arguments:
                "auto|curl|grpcurl|openapi|postman|insomnia|har|http|graphql SOURCE [--into GROUP] [--overwrite] "
                + "[--dry-run] [--into-cache] [--copy-files]",
            summary:
                "Bring curl or grpcurl commands, OpenAPI, Postman, Insomnia, HAR, .http or .graphql files into the "
                + "workspace as specs.",
            key: nil),
        CommandInfo(
            name: "export",
            arguments:
                "curl [SPEC]|grpcurl [SPEC]|har [SPEC|GROUP]... [--from history|cache] -o FILE|postman [GROUP] -o FILE"
                + "|http [GROUP] -o FILE|locust [SPEC|GROUP]... -o FILE",
            summary:
                "Print a spec as a curl (or a gRPC spec as a grpcurl) command, or write history as HAR or a group as "
                + "a Postman collection or .http file.",
            key: nil),
        CommandInfo(
            name: "cookies", arguments: "[list [DOMAIN]]|delete NAME [--domain DOMAIN]|clear [DOMAIN]",
            summary: "List the environment's cookies (values masked), delete one, or clear them.", key: nil),
        CommandInfo(
            name: "auth", arguments: "[status]|login [SPEC]|logout [--all]",
            summary: "Show the environment's OAuth 2.0 tokens (masked), sign in now, or forget them.", key: nil),
        CommandInfo(
            name: "connect", arguments: "[SPEC]",
            summary: "Open the selected (or named) WebSocket spec's conversation and send its messages.", key: nil),
        CommandInfo(
            name: "say", arguments: "[TEXT]",
            summary: "Send a text message on the open conversation; alone, write it (JSON, say) in $EDITOR first.",
            key: nil),
        CommandInfo(
            name: "recv", arguments: "[N]",
            summary: "Show the messages that arrived since last asked (at most N), waiting up to 2 s for them.",
            key: nil),
        CommandInfo(name: "ping", arguments: "", summary: "Send a ping on the open conversation.", key: nil),
        CommandInfo(
            name: "close", arguments: "[CODE]",
            summary: "End the open conversation (code 1000 unless given); it is kept in the cache for replay.",
            key: nil),
        CommandInfo(
            name: "graphql", arguments: "schema [TYPE [TARGET]]|refresh TARGET|new TARGET FIELD [NAME=VALUE]...",
            summary:
                "Print a type of a GraphQL target's schema (its types without one), ask the server again, or write a "
                + "new request from a root field.",
            key: nil,
            details: """
                The schema is the selected spec's target's unless TARGET is named: asked of the server by
                introspection once and kept in .tern/graphql/, or the target's SDL file. A GraphQL spec is
                checked against it before it is sent. new opens an unsaved request whose operation starts
                from the root field FIELD (books, addBook): its required arguments as variables, its
                result's leaf fields selected, the field's description above it; each NAME=VALUE gives an
                argument its value (JSON, or text as it is), declared as a variable; send sends it, save keeps
                it.
                  graphql schema Book
                  graphql refresh shop
                  graphql new shop books first=2
                """),
        CommandInfo(
            name: "grpc",
            arguments:
                "[ADDRESS] [-H 'name: value']... [--proto FILE]... [-I DIR]... [--protoset FILE] [--max-time S] "
                + "[--plaintext] list [SERVICE]|describe SYMBOL|call SERVICE/METHOD [JSON...]",
            summary: "List a gRPC server's services, describe a symbol, or call a method; the address is remembered.",
            key: nil,
            details: """
                ADDRESS is grpc://HOST:PORT (plaintext), grpcs://HOST:PORT (TLS) or HOST:PORT (TLS unless
                --plaintext), or grpc-web://HOST:PORT (grpc-webs:// with TLS) for gRPC-Web, as in tern grpc.
                Once a grpc line named one, later lines may leave it out:
                the address and its options are remembered (options given again apply on top).
                A call's JSON is the rest of the line, one document per request message (none: an empty
                message). Descriptors come from server reflection (kept in .tern/grpc/), --proto files or a
                --protoset. Tab completes services after list, symbols after describe, methods after call,
                and inside the JSON the request's field names after an opening quote.
                  grpc localhost:50051 --plaintext list
                  grpc describe grpc.testing.SimpleRequest
                  grpc call grpc.testing.TestService/UnaryCall {"responseSize": 3}
                See docs/grpc.md.
                """),
        CommandInfo(name: "quit", arguments: "", summary: "Leave (unsaved edits are mentioned first).", key: "q"),
    ]

    /// The command called `name`.
    package static func info(_ name: String) -> CommandInfo? {
        all.first { $0.name == name }
    }

    /// `help [COMMAND]`: every command, or the one called `name`; an unknown name is an error.
    package static func help(_ name: String?) throws(ExplorerError) -> [CommandInfo] {
        guard let name else { return all }
        guard let info = info(name.lowercased()) else {
            throw ExplorerError(.unknownCommand, "no command '\(name)'; 'help' lists them")
        }
        return [info]
    }

    /// Up to `limit` command names close to `word` (prefix matches first, then by edit distance).
    package static func suggestions(for word: String, limit: Int = 3) -> [String] {
        Suggestions.closeMatches(to: word, in: all.map(\.name), limit: limit)
    }
}
