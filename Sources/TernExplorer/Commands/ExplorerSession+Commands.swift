import Foundation
import Tern
import TernWorkspace

/// The command language's way in: a parsed line (the REPL's, the TUI's `:` line) runs the typed
/// operation it names, and its result becomes the `CommandOutput` case each face renders. Faces that
/// know what they want call the typed operations themselves.
extension ExplorerSession {
    /// Parses and runs one line of the command language.
    package func run(line: String) async throws(ExplorerError) -> CommandOutput {
        try await run(CommandParser.parse(line))
    }

    /// Runs one command.
    package func run(_ command: Command) async throws(ExplorerError) -> CommandOutput {
        try await run(command, sendAdjustments: SendAdjustments())
    }

    /// Runs one command; a `send` applies `sendAdjustments` (the REPL's stream printer and Ctrl-C).
    package func run(_ command: Command, sendAdjustments: SendAdjustments) async throws(ExplorerError)
        -> CommandOutput
    {
        switch command {
        case .help(let name): return .help(try CommandRegistry.help(name))
        case .list: return .specs(summaries())
        case .use(let name): return .done(try use(name))
        case .show:
            let shown = try shownRequest()
            return .request(shown.request, edited: shown.edited, outsideFiles: shown.outsideFiles)
        case .set(let field, let name, let value): return .done(try applyEdit(field, name: name, value: value))
        case .unset(let field, let name): return .done(try applyEdit(field, name: name, value: nil))
        case .body(let source): return .done(try await replaceBody(source))
        case .mode(let newMode): return .done(switchMode(newMode))
        case .redirects(let policy): return .done(switchRedirects(policy))
        case .environment(let name): return .done(try switchEnvironment(name))
        case .send(let name): return .checked(try await sendChecked(name, adjustments: sendAdjustments))
        case .log: return .retryLog(retryLog)
        case .transfers: return .transfers(transfers)
        case .cache(let action): return try await cache(action)
        case .save(let newName, let force): return .done(try save(as: newName, force: force))
        case .revert(let name): return .done(try await revert(name))
        case .reload:
            let outcome = try await reload(force: true)
            return .done((outcome?.lines ?? []).joined(separator: "\n"))
        case .history: return .history(try await historyEntries())
        case .curl: return .curl(try curlCommand())
        case .verify(let names): return .drift(try await verify(names))
        case .diff(let name, let target): return .diff(try await diff(name, against: target))
        case .run(let target): return .run(try await runCollection(target))
        case .load(let options):
            let broadcaster = activity.broadcaster
            return .load(try await runLoad(options) { broadcaster.yield(.loadProgress($0)) })
        case .vars(let clear):
            guard let clear else { return .variables(variableRows()) }
            return .done(try forgetCaptured(clear))
        case .filter(let expression): return .filtered(try filterLastResponse(expression))
        case .timing: return .timing(try lastTiming())
        case .rerun(let number): return .checked(try await rerun(number))
        case .importCollection(let request, let dryRun):
            return .imported(try await importCollection(request, dryRun: dryRun))
        case .export(.curl(let name)): return .curl(try curlCommand(for: name))
        case .export(let action): return .done(try await export(action))
        case .quit: return .quit(unsaved: unsavedSpecIDs)
        case .cookies(.list(let domain)):
            let listing = cookieListing(domain: domain)
            return .cookies(listing.rows, environment: listing.environment)
        case .cookies(.delete(let name, let domain)): return .done(try deleteCookies(named: name, domain: domain))
        case .cookies(.clear(let domain)): return .done(try clearCookies(domain: domain))
        case .auth(.status):
            let listing = signIns()
            return .signIns(listing.rows, environment: listing.environment)
        case .auth(.login(let name)): return .done(try await signIn(name))
        case .auth(.logout(let all)): return .done(try signOut(all: all))
        case .conversation(let action): return .done(try await converse(action))
        }
    }

    /// `cache list|show KEY|clear [KEY]|export|import|promote`.
    private func cache(_ action: Command.CacheAction) async throws(ExplorerError) -> CommandOutput {
        guard storage != nil else { throw ExplorerError(.storage, "this session has no cache") }
        switch action {
        case .list: return .cacheEntries(try await cacheEntries())
        case .show(let key): return .cacheEntry(try await cacheEntry(key))
        case .clear(let key): return .done(try await clearCache(key))
        case .export(let path, let names, let force):
            return .done(try await exportCacheToHARFile(to: path, names: names, replacing: force))
        case .importHAR(let path): return .done(try await importCacheHAR(path))
        case .promote(let key, let force): return .done(try await promote(key, replacing: force))
        }
    }
}

extension CommandOutput {
    /// A checked send's response, with its expectations and capture warnings.
    static func checked(_ checked: CheckedResponse) -> CommandOutput {
        .response(checked.response, checks: checked.expectations, warnings: checked.captureMisses)
    }
}
