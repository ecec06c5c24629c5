import ArgumentParser
import Foundation
import Tern
import TernExplorer
import TernWorkspace

#if canImport(Glibc)
    import CoreFoundation
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `tern secrets list|set|unset|edit|allow|allowed|deny`: the workspace's secret store,
/// `.tern/secrets.yaml`, that `{{secret:NAME}}` reads, and the secret commands allowed to run in it.
struct SecretsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "secrets",
        abstract: "List, set, unset or edit the secrets {{secret:NAME}} reads.",
        discussion: """
            Secrets are kept in .tern/secrets.yaml (owner-only, never committed), or printed at send time \
            by a command (--command). An environment variable of the same name wins when it is set. \
            Values are never printed unless asked (list --reveal). A command runs only once you allowed \
            it for this workspace (a store can come with a clone): 'secrets set --command' and 'secrets \
            edit' allow what you write, 'secrets allow NAME' allows a command you have read, and a changed \
            command needs allowing again.
            """,
        subcommands: [List.self, Set.self, Unset.self, Edit.self, Allow.self, Allowed.self, Deny.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the secrets: where each comes from, which specs use it, and those missing.")
        @OptionGroup var place: WorkspacePlace
        @Flag(help: "Print the values kept in the store (commands are not run).") var reveal = false

        func run() async throws {
            let root = try place.root()
            let store = try loadStore(root)
            let used = usage(in: root)
            let environment = ProcessInfo.processInfo.environment
            let approvals = try loadApprovals()
            var rows: [[String]] = []
            for entry in store.entries {
                var from: String
                switch entry.source {
                case .value(let value): from = reveal ? "value \(value)" : "value"
                case .command(let command, _):
                    from = "command: \(command)"
                    if !approvals.allows(command, inWorkspace: root) {
                        from += " (not allowed: 'tern secrets allow \(entry.name)')"
                    }
                }
                if environment[entry.name].map({ !$0.isEmpty }) == true {
                    from += " (the environment's \(entry.name) wins)"
                }
                rows.append([entry.name, from, describe(used[entry.name] ?? [])])
            }
            let missing = used.keys.filter { name in
                store.source(of: name) == nil && environment[name].map(\.isEmpty) != false
            }.sorted()
            for name in missing { rows.append([name, "MISSING", describe(used[name] ?? [])]) }
            let fromEnvironment = used.keys.filter { store.source(of: $0) == nil && !missing.contains($0) }.sorted()
            for name in fromEnvironment { rows.append([name, "environment", describe(used[name] ?? [])]) }
            guard !rows.isEmpty else {
                StandardStream.error.write(
                    "tern: no secrets (set one with 'tern secrets set NAME'; specs read it as {{secret:NAME}})\n")
                return
            }
            let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in [["NAME", "FROM", "USED BY"]] + rows {
                let line =
                    row[0].padding(toLength: widths[0] + 2, withPad: " ", startingAt: 0)
                    + row[1].padding(toLength: widths[1] + 2, withPad: " ", startingAt: 0) + row[2]
                StandardStream.output.write(line.replacingOccurrences(of: " +$", with: "", options: .regularExpression))
                StandardStream.output.write("\n")
            }
            if !missing.isEmpty {
                StandardStream.error.write(
                    "tern: \(missing.count) secret\(missing.count == 1 ? " is" : "s are") missing: "
                        + "'tern secrets set NAME' keeps one\n")
            }
        }

        private func describe(_ specs: [String]) -> String {
            guard let first = specs.first else { return "-" }
            return specs.count == 1 ? first : "\(first) and \(specs.count - 1) more"
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Keep a secret's value (or the command that prints it).",
            discussion: """
                Without VALUE, the value is read from standard input (a prompt that does not echo on a \
                terminal), so it stays out of the shell's history. With --command, the command runs when a \
                send needs the value (its output, without the final line break, is the value) and nothing \
                is stored.
                """)
        @Argument(help: "The secret's name, as {{secret:NAME}} names it.") var name: String
        @Argument(help: "The value (default: read from standard input).") var value: String?
        @Option(help: "A shell command that prints the value at send time (pass show api/token, gh auth token).")
        var command: String?
        @Option(help: "The command's deadline in seconds (default 10).") var timeout: Double?
        @OptionGroup var place: WorkspacePlace

        func run() async throws {
            guard SecretStore.isValidName(name) else {
                throw CommandFailure.usage(
                    "'\(name)' is not a secret name: use letters, digits, '_', '-' and '.', starting with a letter")
            }
            let root = try place.root()
            var store = try loadStore(root)
            let source: SecretStore.Source
            if let command {
                guard value == nil else { throw CommandFailure.usage("give a VALUE or --command, not both") }
                let seconds = timeout ?? SecretStore.defaultTimeout
                guard seconds > 0, seconds <= SecretStore.maximumTimeout else {
                    throw CommandFailure.usage("--timeout must be more than 0 and at most 300 seconds")
                }
                source = .command(command, timeout: seconds)
            } else {
                guard timeout == nil else { throw CommandFailure.usage("--timeout goes with --command") }
                let text = try value ?? readValue(named: name)
                guard !text.isEmpty else {
                    throw CommandFailure.usage("the value of '\(name)' is empty; nothing was kept")
                }
                source = .value(text)
            }
            let existed = store.source(of: name) != nil
            store.set(name, to: source)
            do {
                try store.save(workspace: root)
            } catch {
                throw CommandFailure.usage(error.description)
            }
            if case .command(let command, _) = source {
                // The user typed it: it may run.
                try allow([(name, command)], in: root)
            }
            let file = SecretStore.file(inWorkspace: root).path
            StandardStream.error.write(
                "tern: secret \(name) \(existed ? "replaced" : "kept") in \(file) (owner-only); specs read it as "
                    + "{{secret:\(name)}}\n")
        }
    }

    struct Unset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unset", abstract: "Remove a secret.")
        @Argument(help: "The secret's name.") var name: String
        @OptionGroup var place: WorkspacePlace

        func run() async throws {
            let root = try place.root()
            var store = try loadStore(root)
            guard store.unset(name) else {
                var message = "no secret named '\(name)'"
                if let close = Suggestions.closeMatches(to: name, in: store.entries.map(\.name)).first {
                    message += " (did you mean '\(close)'?)"
                }
                throw CommandFailure.usage(message)
            }
            do {
                try store.save(workspace: root)
            } catch {
                throw CommandFailure.usage(error.description)
            }
            StandardStream.error.write("tern: secret \(name) removed\n")
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Edit .tern/secrets.yaml in $VISUAL or $EDITOR; it is saved only when it reads back.")
        @OptionGroup var place: WorkspacePlace

        func run() async throws {
            let root = try place.root()
            let file = SecretStore.file(inWorkspace: root)
            var text: String
            if let data = FileManager.default.contents(atPath: file.path) {
                text = String(decoding: data, as: UTF8.self)
            } else {
                text = try SecretStore().yamlText()
            }
            let original = text
            let before = (try? SecretStore.read(text: original, file: file)) ?? SecretStore()
            for _ in 0..<5 {
                do {
                    text = try await ExternalEditor.edit(text, fileExtension: "yaml")
                } catch {
                    throw CommandFailure.usage("\(error); the secrets are unchanged")
                }
                guard text != original else {
                    StandardStream.error.write("tern: no change\n")
                    return
                }
                do {
                    try SecretStore.save(text: text, workspace: root)
                } catch {
                    StandardStream.error.write("tern: \(error.description)\n")
                    guard isatty(STDIN_FILENO) == 1, ask("edit again? [Y/n] ") else {
                        throw CommandFailure.usage("the secrets are unchanged")
                    }
                    continue
                }
                StandardStream.error.write("tern: saved \(file.path)\n")
                // The commands the user wrote (new or changed in the editor) may run; those that were there
                // before keep their approval or the lack of it.
                let saved = (try? SecretStore.read(text: text, file: file)) ?? SecretStore()
                let written = saved.entries.compactMap { entry -> (String, String)? in
                    guard case .command(let command, _) = entry.source, before.source(of: entry.name) != entry.source
                    else { return nil }
                    return (entry.name, command)
                }
                try allow(written, in: root)
                return
            }
            throw CommandFailure.usage("the secrets are unchanged")
        }
    }

    struct Allow: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "allow",
            abstract: "Allow a secret's command to run in this workspace, after reading it.",
            discussion: """
                A command in .tern/secrets.yaml runs only once allowed for this workspace folder and this \
                exact text (a store can come with a clone). The approval is kept outside the workspace, in \
                $XDG_STATE_HOME/tern/secret-commands.json (~/.local/state/tern/ by default); a changed command \
                needs allowing again. 'tern secrets deny NAME' withdraws it.
                """)
        @Argument(help: "The secret whose command may run.") var name: String
        @OptionGroup var place: WorkspacePlace

        func run() async throws {
            let root = try place.root()
            let store = try loadStore(root)
            guard case .command(let command, _)? = store.source(of: name) else {
                var message =
                    store.source(of: name) == nil
                    ? "no secret named '\(name)'" : "secret '\(name)' is a value, not a command: nothing to allow"
                if store.source(of: name) == nil,
                    let close = Suggestions.closeMatches(
                        to: name, in: store.entries.compactMap { $0.source.isCommand ? $0.name : nil }
                    ).first
                {
                    message += " (did you mean '\(close)'?)"
                }
                throw CommandFailure.usage(message)
            }
            StandardStream.error.write("tern: secret \(name) runs: \(command)\n")
            let added = try allow([(name, command)], in: root)
            StandardStream.error.write(
                added
                    ? "tern: allowed in \(SecretApprovals.key(ofWorkspace: root)) (kept in "
                        + "\(SecretApprovals.file(environment: ProcessInfo.processInfo.environment).path))\n"
                    : "tern: it was already allowed\n")
        }
    }

    struct Allowed: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "allowed", abstract: "List the secret commands allowed to run in this workspace.")
        @OptionGroup var place: WorkspacePlace

        func run() async throws {
            let root = try place.root()
            let store = try loadStore(root)
            let approvals = try loadApprovals().approvals(inWorkspace: root)
            var rows: [[String]] = approvals.map { [$0.name, "allowed", $0.command] }
            for entry in store.entries {
                guard case .command(let command, _) = entry.source,
                    !approvals.contains(where: { $0.command == command })
                else { continue }
                rows.append([entry.name, "NOT ALLOWED", command])
            }
            guard !rows.isEmpty else {
                StandardStream.error.write("tern: no secret commands in this workspace\n")
                return
            }
            let widths = (0..<2).map { column in ([["NAME", "STATE"]] + rows).map { $0[column].count }.max() ?? 0 }
            for row in [["NAME", "STATE", "COMMAND"]] + rows {
                StandardStream.output.write(
                    row[0].padding(toLength: widths[0] + 2, withPad: " ", startingAt: 0)
                        + row[1].padding(toLength: widths[1] + 2, withPad: " ", startingAt: 0) + row[2] + "\n")
            }
        }
    }

    struct Deny: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "deny", abstract: "Withdraw a secret command's approval in this workspace.")
        @Argument(help: "The secret whose command may no longer run.") var name: String
        @OptionGroup var place: WorkspacePlace

        func run() async throws {
            let root = try place.root()
            let environment = ProcessInfo.processInfo.environment
            var approvals = try loadApprovals()
            guard approvals.revoke(name: name, inWorkspace: root) > 0 else {
                throw CommandFailure.usage("secret '\(name)' has no allowed command in this workspace")
            }
            do {
                try approvals.save(environment: environment)
            } catch {
                throw CommandFailure.usage(error.description)
            }
            StandardStream.error.write("tern: secret \(name)'s command may no longer run here\n")
        }
    }
}

/// The secret commands this user allowed, from `$XDG_STATE_HOME/tern/secret-commands.json`.
private func loadApprovals() throws -> SecretApprovals {
    do {
        return try SecretApprovals.load(environment: ProcessInfo.processInfo.environment)
    } catch {
        throw CommandFailure.usage(error.description)
    }
}

/// Allows each `(name, command)` in the workspace at `root`; whether any was new.
@discardableResult
private func allow(_ commands: [(String, String)], in root: URL) throws -> Bool {
    guard !commands.isEmpty else { return false }
    var approvals = try loadApprovals()
    var added = false
    for (name, command) in commands where approvals.allow(command, name: name, inWorkspace: root) { added = true }
    guard added else { return false }
    do {
        try approvals.save(environment: ProcessInfo.processInfo.environment)
    } catch {
        throw CommandFailure.usage(error.description)
    }
    return true
}

/// The store of the workspace at `root`; a broken file is a usage error at its line and column.
private func loadStore(_ root: URL) throws -> SecretStore {
    do {
        return try SecretStore.load(workspace: root)
    } catch {
        throw CommandFailure.usage(error.description)
    }
}

/// The specs that read each secret name (`{{secret:NAME}}`), by name; a workspace that does not load
/// gives none.
private func usage(in root: URL) -> [String: [String]] {
    (try? Workspace.load(from: root, keepingBrokenSpecs: true))?.secretReferences() ?? [:]
}

/// The largest value read from standard input.
private let maximumValue = 64 * 1024

/// A secret's value from standard input: a prompt without echo on a terminal, else everything up to
/// the end (64 KiB at most), without its final line break.
private func readValue(named name: String) throws -> String {
    if isatty(STDIN_FILENO) == 1 {
        StandardStream.error.write("value of \(name): ")
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            StandardStream.error.write("\n")
        }
        return readLine(strippingNewline: true) ?? ""
    }
    let data = FileHandle.standardInput.readData(ofLength: maximumValue + 1)
    guard data.count <= maximumValue else {
        throw CommandFailure.usage("the value on standard input is larger than 64 KiB")
    }
    var text = String(decoding: data, as: UTF8.self)
    while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
    return text
}

/// Asks a yes/no question on the terminal; yes unless the answer starts with n.
private func ask(_ question: String) -> Bool {
    StandardStream.error.write(question)
    let answer = readLine()?.trimmingWhitespace().lowercased() ?? "n"
    return !answer.hasPrefix("n")
}
