import ArgumentParser
import Foundation
import Tern
import TernExplorer

/// `tern cache list|show KEY|clear [KEY]`.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache", abstract: "List, show or clear the workspace's stored responses.",
        subcommands: [List.self, Show.self, Clear.self], defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List stored responses, newest first.")
        @OptionGroup var workspace: WorkspaceOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let entries = try await runCache(workspace, .list).entries
            if json {
                Terminal.standardOutput.write(JSONLines.array(entries.map(CacheCommand.fields)) + "\n")
                return
            }
            let now = Date()
            for entry in entries {
                let state = entry.isValid(at: now) ? "valid \(HumanUnits.short(entry.validUntil.timeIntervalSince(now)))" : "expired"
                Terminal.standardOutput.write("\(entry.status)  \(entry.source.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)) \(HumanUnits.bytes(entry.byteCount).padding(toLength: 9, withPad: " ", startingAt: 0)) \(state.padding(toLength: 14, withPad: " ", startingAt: 0)) \(entry.key)\n")
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one stored response.")
        @Argument(help: "The storage key ('tern cache list' shows them).") var key: String
        @OptionGroup var workspace: WorkspaceOptions
        @Flag(help: "Print JSON (the body as text or base64).") var json = false

        func run() async throws {
            guard let entry = try await runCache(workspace, .show(key)).entries.first else { return }
            if json {
                var fields = CacheCommand.fields(entry)
                if let text = String(data: entry.body, encoding: .utf8) {
                    fields.append(("body", .string(text)))
                } else {
                    fields.append(("bodyBase64", .string(entry.body.base64EncodedString())))
                }
                Terminal.standardOutput.write(JSONLines.object(fields) + "\n")
                return
            }
            Terminal.standardError.write("\(entry.method) \(entry.url)\n\(entry.status) · \(entry.source.rawValue) · stored \(entry.storedAt) · valid until \(entry.validUntil)\n")
            ResponsePrinter.writeBody(entry.body, contentType: entry.headers[.contentType])
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove one stored response, or all of them.")
        @Argument(help: "The storage key; without it, everything is removed.") var key: String?
        @OptionGroup var workspace: WorkspaceOptions

        func run() async throws {
            _ = try await runCache(workspace, .clear(key))
            Terminal.standardError.write(key.map { "removed '\($0)'\n" } ?? "cache cleared\n")
        }
    }

    /// The JSON fields of an entry (without its body).
    static func fields(_ entry: StoredResponse) -> [(String, JSONLines.Value)] {
        [("key", .string(entry.key)), ("status", .int(entry.status)), ("source", .string(entry.source.rawValue)),
         ("method", .string(entry.method)), ("url", .string(entry.url)), ("bytes", .int(Int(entry.byteCount))),
         ("storedAt", .string(ISO8601DateFormatter().string(from: entry.storedAt))),
         ("validUntil", .string(ISO8601DateFormatter().string(from: entry.validUntil)))]
    }
}

/// Runs a cache command through the session; exits 2 on errors (an unknown key included).
private func runCache(_ options: WorkspaceOptions, _ action: Command.CacheAction) async throws -> (entries: [StoredResponse], Void) {
    let opened = try await OpenedWorkspace.open(options, startsMock: false)
    let output: CommandOutput
    do {
        output = try await opened.session.run(.cache(action))
    } catch {
        throw OpenedWorkspace.fail(error.message)
    }
    switch output {
    case .cacheEntries(let entries): return (entries, ())
    case .cacheEntry(let entry): return ([entry], ())
    default: return ([], ())
    }
}
