import Foundation
import Tern
import TernWorkspace

extension ExplorerSession {
    /// Runs one command.
    package func run(_ command: Command) async throws(ExplorerError) -> CommandOutput {
        try await run(command, sendAdjustments: SendAdjustments())
    }

    /// Runs one command; a `send` applies `sendAdjustments` (the REPL's stream printer and Ctrl-C).
    package func run(_ command: Command, sendAdjustments: SendAdjustments) async throws(ExplorerError)
        -> CommandOutput
    {
        switch command {
        case .help(let name):
            guard let name else { return .help(CommandRegistry.all) }
            guard let info = CommandRegistry.info(name.lowercased()) else {
                throw ExplorerError(.unknownCommand, "no command '\(name)'; 'help' lists them")
            }
            return .help([info])
        case .list:
            return .specs(summaries())
        case .use(let name):
            let found = try entry(name)
            select(found.id)
            changed()
            return .done("using \(found.id)")
        case .show:
            let current = try entry(nil)
            let request = try resolve(current)
            return .request(
                maskedForDisplay(request), edited: edited[current.id] != nil,
                outsideFiles: workspace.outsideFiles(of: request)
            )
        case .set(let field, let name, let value):
            return try applyEdit(field, name: name, value: value)
        case .unset(let field, let name):
            return try applyEdit(field, name: name, value: nil)
        case .body(let source):
            return try await replaceBody(source)
        case .mode(let newMode):
            setMode(newMode)
            changed()
            return .done("mode \(newMode.rawValue)")
        case .redirects(let policy):
            if let policy {
                setRedirects(policy)
                changed()
            }
            return .done("redirects: \(Self.describe(redirects))")
        case .environment(let name):
            guard workspace.environments[name] != nil else {
                throw ExplorerError(.workspace, workspace.unknownEnvironment(name).message)
            }
            setEnvironment(name)
            changed()
            return .done("environment \(name)")
        case .send(let name):
            let checked = try await sendChecked(name, adjustments: sendAdjustments)
            return .response(checked.response, checks: checked.expectations, warnings: checked.captureMisses)
        case .log:
            return .retryLog(activity.retryLog)
        case .transfers:
            return .transfers(activity.transfers)
        case .cache(let action):
            return try await cache(action)
        case .save(let newName, let force):
            return try save(as: newName, force: force)
        case .revert(let name):
            return .done(try await revert(name))
        case .reload:
            let outcome = try await reload(force: true)
            return .done((outcome?.lines ?? []).joined(separator: "\n"))
        case .history:
            return try await listHistory()
        case .curl:
            return .curl(try curlCommand())
        case .verify(let names):
            return .drift(try await verify(names))
        case .run(let names):
            return .run(try await runCollection(names))
        case .vars(let clear):
            if let clear {
                try clearCaptured(clear)
                changed()
                return .done(clear.isEmpty ? "forgot the captured values" : "forgot \(clear.joined(separator: ", "))")
            }
            return .variables(variableRows())
        case .filter(let expression):
            return .filtered(try filterLastResponse(expression))
        case .timing:
            return .timing(try lastTiming())
        case .rerun(let number):
            return try await rerun(number)
        case .importCollection(let request, let dryRun):
            return .imported(try await importCollection(request, dryRun: dryRun))
        case .export(let action):
            return try await export(action)
        case .quit:
            return .quit(unsaved: unsavedSpecIDs)
        case .cookies(let action):
            return try cookies(action)
        case .auth(let action):
            return try await auth(action)
        }
    }

    /// Every spec as `ls` shows it, with the spec files that could not be loaded in their place (sorted by id),
    /// each carrying its error.
    package func summaries() -> [SpecSummary] {
        var result = workspace.specs.map { entry in
            let spec = (edited[entry.id] ?? entry).spec
            return SpecSummary(id: entry.id, name: spec.name, method: spec.method, path: spec.path, target: spec.target)
        }
        guard !workspace.brokenSpecs.isEmpty else { return result }
        for broken in workspace.brokenSpecs {
            var summary = SpecSummary(id: broken.id, name: broken.fileName, method: "!", path: "", target: nil)
            summary.error = broken.error.description
            result.append(summary)
        }
        return result.sorted { $0.id < $1.id }
    }
}
