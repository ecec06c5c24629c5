import ArgumentParser
import Foundation
import HTTPTypes
import Tern
import TernExplorer

/// `tern cache list|show KEY|clear [KEY]|export FILE|import FILE|promote KEY`.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "List, show, clear, export, import or promote the workspace's stored responses.",
        subcommands: [List.self, Show.self, Clear.self, Export.self, Import.self, Promote.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List stored responses, newest first.")
        @OptionGroup var workspace: WorkspaceOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let entries = try await runCache(workspace, .cache(.list)) {
                if case .cacheEntries(let all) = $0 { all } else { nil }
            }
            if json {
                StandardStream.output.write(JSONLines.array(entries.map(CacheCommand.fields)) + "\n")
                return
            }
            let now = Date()
            for entry in entries {
                StandardStream.output.write(CacheCommand.line(entry, now: now) + "\n")
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show one stored response.")
        @Argument(help: "The storage key ('tern cache list' shows them).") var key: String
        @OptionGroup var workspace: WorkspaceOptions
        @Flag(help: "Print JSON (the body as text or base64).") var json = false

        func run() async throws {
            let entry = try await runCache(workspace, .cache(.show(key))) {
                if case .cacheEntry(let one) = $0 { one } else { nil }
            }
            if json {
                var fields = CacheCommand.fields(entry)
                if let text = BodyRendering.exactText(entry.body) {
                    fields.append(("body", .string(text)))
                } else {
                    fields.append(("bodyBase64", .string(entry.body.base64EncodedString())))
                }
                StandardStream.output.write(JSONLines.object(fields) + "\n")
                return
            }
            StandardStream.error.write(CacheCommand.describe(entry, now: Date()))
            if let file = entry.fileURL, entry.body.isEmpty {
                ResponsePrinter.writeBody(file: file, contentType: entry.headers[.contentType])
            } else {
                ResponsePrinter.writeBody(entry.body, contentType: entry.headers[.contentType])
            }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear", abstract: "Remove one stored response, or all of them.")
        @Argument(help: "The storage key; without it, everything is removed.") var key: String?
        @OptionGroup var workspace: WorkspaceOptions

        func run() async throws {
            let message: String = try await runCache(workspace, .cache(.clear(key)))
            StandardStream.error.write(message + "\n")
        }
    }

    /// The JSON fields of an entry (without its body).
    static func fields(_ entry: StoredResponse) -> [(String, JSONLines.Value)] {
        let format = ISO8601DateFormatter()
        var fields: [(String, JSONLines.Value)] = [
            ("key", .string(entry.key)), ("status", .int(entry.status)), ("source", .string(entry.source.rawValue)),
            ("method", .string(entry.method)), ("url", .string(entry.url)),
            ("bytes", .int(Int(clamping: entry.byteCount))),
            ("storedAt", .string(format.string(from: entry.storedAt))),
            ("validUntil", .string(format.string(from: entry.validUntil))),
        ]
        if let request = entry.request {
            fields.append(("spec", request.name.map(JSONLines.Value.string) ?? .null))
            fields.append(("environment", request.partition.map(JSONLines.Value.string) ?? .null))
            fields.append(
                ("headers", .string(request.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n"))))
        }
        fields.append(("revalidatedAt", entry.revalidatedAt.map { .string(format.string(from: $0)) } ?? .null))
        fields.append(("verifiedAt", entry.verification.map { .string(format.string(from: $0.date)) } ?? .null))
        fields.append(("drifted", entry.verification.map { .bool($0.drifted) } ?? .null))
        return fields
    }

    /// One row of `cache list`: status, source, size, validity, state, what it answers, the key.
    static func line(_ entry: StoredResponse, now: Date) -> String {
        let validity =
            entry.isValid(at: now) ? "valid \(HumanUnits.short(entry.validUntil.timeIntervalSince(now)))" : "expired"
        var states: [String] = []
        if entry.revalidatedAt != nil { states.append("revalidated") }
        if entry.verification?.drifted == true { states.append("drifted") }
        let answers =
            entry.request.map { record in
                [record.name, record.partition.map { "@\($0)" }].compactMap { $0 }.joined(separator: " ")
            } ?? ""
        return [
            "\(entry.status)", entry.source.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0),
            HumanUnits.bytes(entry.byteCount).padding(toLength: 9, withPad: " ", startingAt: 0),
            validity.padding(toLength: 10, withPad: " ", startingAt: 0),
            (states.isEmpty ? "-" : states.joined(separator: ",")).padding(toLength: 12, withPad: " ", startingAt: 0),
            TerminalText.safe(answers.isEmpty ? entry.key : "\(answers)  \(entry.key)"),
        ].joined(separator: " ")
    }

    /// `cache show`'s head: the request the entry answers (secrets redacted) and its state.
    static func describe(_ entry: StoredResponse, now: Date) -> String {
        var text = "key: \(entry.key)\n"
        if let request = entry.request {
            text += "answers: \(request.method) \(request.url)"
            if let name = request.name { text += "  (\(name)\(request.partition.map { " @\($0)" } ?? ""))" }
            text += "\n"
            for header in request.headers { text += "  \(header.name): \(header.value)\n" }
            if let bytes = request.bodyBytes, bytes > 0 { text += "  body: \(HumanUnits.bytes(bytes))\n" }
        } else {
            text += "answers: \(entry.method) \(entry.url)\n"
        }
        return text + StoredEntrySummary(entry, now: now).line + "\n"
    }
}

/// Runs `command` on a session over the workspace and returns what `pick` takes of its output; exits 2 on
/// errors (an unknown key included). `environment` and `startsMock` matter to commands that resolve specs
/// (`import`).
func runCache<T: Sendable>(
    _ options: some WorkspaceChoice, environment: String? = nil, startsMock: Bool = false,
    cookieSession: String? = nil, _ command: Command,
    _ pick: @Sendable (CommandOutput) -> T? = { $0.sentence }
) async throws -> T {
    var needs = OpenedWorkspace.Needs.files(environment: environment)
    needs.startsMock = startsMock
    needs.namedSession = cookieSession
    return try await OpenedWorkspace.with(options, needs) { opened in
        let output: CommandOutput
        do throws(ExplorerError) {
            output = try await opened.session.run(command)
        } catch {
            throw CommandFailure.usage(error.message)
        }
        guard let picked = pick(output) else { throw CommandFailure.usage("\(command) gave an unexpected answer") }
        return picked
    }
}
