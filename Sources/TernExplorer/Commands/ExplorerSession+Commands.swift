import Foundation
import Tern
import TernWorkspace

/// The one way in: every command a face runs is handled here by the concept it belongs to. The session only
/// hands each concept what it needs (the `ExplorerContext`, or its own state to change) and takes back what
/// changed; a new operation is a `Command` case and a line of this switch, never a method of the session.
extension ExplorerSession {
    /// Parses and runs one line of the command language.
    package func run(line: String) async throws(ExplorerError) -> CommandOutput {
        try await run(CommandParser.parse(line))
    }

    /// Runs one command; a `send` (and an ad-hoc send) applies `sendAdjustments` (the CLI's and the REPL's
    /// printers, their Ctrl-C, the TUI's stream).
    package func run(
        _ command: Command, sendAdjustments: SendAdjustments = SendAdjustments()
    ) async throws(ExplorerError) -> CommandOutput {
        let context = context()
        let workspace = follower.workspace
        switch command {
        case .help(let name): return .help(try CommandRegistry.help(name))
        case .list: return .specs(follower.summaries(edits))
        case .use(let name):
            let found = try context.entry(name)
            edits.select(found.id)
            return changed("using \(found.id)")
        case .show:
            let shown = try ShownRequest.selected(in: context)
            return .request(shown.request, edited: shown.edited, outsideFiles: shown.outsideFiles)
        case .set(.variable, let name, let value): return changed(settings.setVariable(name, value))
        case .unset(.variable, let name): return changed(settings.setVariable(name, nil))
        case .set(.secret, let name, let value): return changed(try secrets.keep(name, value, root: workspace.root))
        case .unset(.secret, let name): return changed(try secrets.keep(name, nil, root: workspace.root))
        case .set(.sessionSecret, let name, let value): return changed(secrets.useThisSession(name, value))
        case .unset(.sessionSecret, let name): return changed(secrets.useThisSession(name, nil))
        case .set(let field, let name, let value):
            return changed(try edits.set(field, name: name, value: value, in: workspace))
        case .unset(let field, let name): return changed(try edits.set(field, name: name, value: nil, in: workspace))
        case .body(let source):
            let current = try context.entry(nil)
            let schema = GraphQLSchemas(context).localFile(for: current)
            let read: String?
            do {
                read = try await ExternalEditor.$graphQLSchema.withValue(schema) {
                    try await BodyText.read(source, for: current, editor: services.editor)
                }
            } catch let error as ExplorerError {
                throw error
            } catch {
                throw ExplorerError(.unsupported, "the editor failed: \(error)")
            }
            guard let text = read else {
                return .done("body of \(current.id) unchanged")
            }
            return changed(try edits.replaceBody(with: text, in: follower.workspace))
        case .edit(let edit): return .done(try await apply(edit))
        case .mode(let newMode): return changed(settings.switchMode(newMode))
        case .redirects(let policy):
            let message = settings.switchRedirects(
                policy, for: (try? context.entry(nil))?.spec, in: workspace)
            return policy == nil ? .done(message) : changed(message)
        case .environment(let name): return changed(try settings.switchEnvironment(name, in: workspace))
        case .send(let name):
            return .checked(try await ChainedSend(context).sendChecked(name, adjustments: sendAdjustments))
        case .resolve(let name): return .request(try context.resolve(try context.entry(name)), edited: false)
        case .adHoc(let action): return try await adHoc(action, context: context, adjustments: sendAdjustments)
        case .log: return .retryLog(services.activity.retryLog)
        case .transfers: return .transfers(services.activity.transfers)
        case .cache(let action): return try await cache(action, context: context)
        case .save(let newName, let force):
            return changed(try edits.save(as: newName, force: force, follower: &follower))
        case .revert(let name): return changed(try await revert(name))
        case .reload:
            let outcome = try await reload(force: true)
            return .done((outcome?.lines ?? []).joined(separator: "\n"))
        case .history: return .history(try await CacheDesk(context).historyEntries())
        case .curl: return .curl(try CurlExport(context).command(for: nil))
        case .verify(let names, let all): return .drift(try await Verifier(context).verify(names, allWhenEmpty: all))
        case .diff(let name, let target): return .diff(try await AnswerComparison(context).diff(name, against: target))
        case .run(let target):
            var summary = RunSummary(results: [], started: Date(), duration: 0)
            var failure: ExplorerError?
            await CollectionRun(target, in: context).run { event in
                if case .finished(let finished) = event { summary = finished }
                if case .failed(let error) = event { failure = error }
            }
            if let failure { throw failure }
            return .run(summary)
        case .load(let options):
            let broadcaster = services.activity.broadcaster
            return .load(try await LoadRun(context).run(options) { broadcaster.yield(.loadProgress($0)) })
        case .vars(let clear):
            guard let clear else { return .variables(VariableRow.rows(in: context)) }
            try captures.clear(clear, environment: context.activeEnvironment)
            return changed(clear.isEmpty ? "forgot the captured values" : "forgot \(clear.joined(separator: ", "))")
        case .filter(let expression): return .filtered(try LatestAnswer(response: captures.latest).filter(expression))
        case .timing: return .timing(try LatestAnswer(response: captures.latest).timing())
        case .rerun(let number): return .checked(try await CacheDesk(context).rerun(number))
        case .importCollection(let request, let dryRun): return .imported(try await importCollection(request, dryRun))
        case .export(.curl(let name)): return .curl(try CurlExport(context).command(for: name))
        case .export(let action): return .done(try await WorkspaceExport(context).export(action))
        case .quit: return .quit(unsaved: edits.unsavedIDs)
        case .cookies(.list(let domain)):
            let listing = CookieDesk(context).listing(domain: domain)
            return .cookies(listing.rows, environment: listing.environment)
        case .cookies(.delete(let name, let domain)):
            return changed(try CookieDesk(context).delete(named: name, domain: domain))
        case .cookies(.clear(let domain)): return changed(try CookieDesk(context).clear(domain: domain))
        case .auth(.status):
            let listing = SignIns(context).listing()
            return .signIns(listing.rows, environment: listing.environment)
        case .auth(.login(let name)): return .done(try await SignIns(context).signIn(name))
        case .auth(.logout(let all)): return .done(try SignIns(context).signOut(all: all))
        case .auth(.token(let name)): return .done(try await SignIns(context).accessToken(for: name))
        case .conversation(let action): return .done(try await conversations.act(action, context: context))
        case .grpc(let action): return try await GRPCDesk(context).run(action, adjustments: sendAdjustments)
        case .graphql(.catalog(let target)): return .graphQLCatalog(try await GraphQLDesk(context).catalog(target))
        case .graphql(.draft(let target, let operation, let field, let arguments)):
            let entry = try await GraphQLDesk(context).draft(
                target: target, operation: operation, field: field, arguments: arguments)
            if arguments.isEmpty, edits[entry.id] != nil {
                edits.select(entry.id)
            } else if edits[entry.id] == nil {
                edits.open(draft: entry)
            } else {
                edits[entry.id] = entry
                edits.select(entry.id)
            }
            return changed("new request \(entry.id.dropFirst(4)) (unsaved: 'send' sends it, 'save NAME' keeps it)")
        case .graphql(.tick(let target, let operation, let field, let change)):
            let (entry, message) = try await GraphQLDesk(context).tick(
                target: target, operation: operation, field: field, change)
            if entry.id.hasPrefix("new:"), edits[entry.id] == nil {
                edits.open(draft: entry)
            } else {
                edits[entry.id] = entry
                edits.select(entry.id)
            }
            return changed(message)
        case .graphql(let action): return .done(try await GraphQLDesk(context).run(action))
        case .grpcTarget(.catalog(let name)): return .grpcCatalog(try await GRPCTargets(context).catalog(name))
        case .grpcTarget(.draft(let target, let method)):
            switch try await GRPCTargets(context).draft(target: target, method: method) {
            case .existing(let id):
                edits.select(id)
                return changed("using \(id)")
            case .new(let entry, let text):
                edits.open(draft: entry, text: text)
                return changed("new request \(method) on \(target) (unsaved: 'save NAME' keeps it)")
            }
        case .grpcTarget(.save(let endpoint, let method, let input, let id)):
            return changed(
                try GRPCSavedCall.save(
                    endpoint, method: method, input: input, as: id, context: context, follower: &follower))
        }
    }

    /// `message`, after telling the faces that the state changed.
    private func changed(_ message: String) -> CommandOutput {
        services.changed()
        return .done(message)
    }

    /// One change of the request editor: a session variable, the body, or the spec's method, path or items.
    private func apply(_ edit: SpecEdit) async throws(ExplorerError) -> String {
        switch edit {
        case .setItem(.variable, let old, let name, let value):
            try SpecEdits.requireName(name)
            if let old, old != name { _ = settings.setVariable(old, nil) }
            _ = settings.setVariable(name, value)
            services.changed()
            return "set var \(name)"
        case .removeItem(.variable, let name):
            guard settings.variables[name] != nil else {
                throw ExplorerError(
                    .usage, "'\(name)' comes from the environment file; only session variables can be deleted")
            }
            _ = settings.setVariable(name, nil)
            services.changed()
            return "unset var \(name)"
        case .body(let text):
            _ = try edits.replaceBody(with: text, in: follower.workspace)
            services.changed()
            return "body replaced (unsaved)"
        default:
            let message = try edits.apply(edit, in: follower.workspace)
            services.changed()
            return message
        }
    }

    /// `revert [SPEC]`: drops the unsaved edits of the spec (the selected one by default), so it is the file's
    /// version again (read again first when it changed on disk).
    private func revert(_ name: String?) async throws(ExplorerError) -> String {
        let current = try edits.entry(name, in: follower.workspace)
        guard edits[current.id] != nil else { return "\(current.id) has no unsaved edits" }
        edits[current.id] = nil
        follower.conflicts.remove(current.id)
        try await reload()
        guard follower.workspace.specIDs.contains(current.id) else {
            if edits.selectedID == current.id { edits.clearSelection() }
            return "dropped the edits of \(current.id); its file is gone"
        }
        return "reverted \(current.id) to \(current.file.path)"
    }

    /// `import FORMAT SOURCE`: plans the source into the workspace, writes it unless `dryRun`, reads the
    /// workspace again so the new specs can be used at once, and stores recorded answers (`--into-cache`).
    private func importCollection(
        _ request: CollectionImport.Request, _ dryRun: Bool
    ) async throws(ExplorerError) -> ImportOutcome {
        var (outcome, recorded, reloaded) = try WorkspaceImport(context()).run(request, dryRun: dryRun)
        if let reloaded {
            follower.reread(reloaded)
            services.changed()
        }
        if request.intoCache, !dryRun { outcome.cache = try await RecordedAnswers(context()).store(recorded) }
        return outcome
    }

    /// A request typed on the command line, sent, resolved or saved.
    private func adHoc(
        _ action: Command.AdHocAction, context: ExplorerContext, adjustments: SendAdjustments
    ) async throws(ExplorerError) -> CommandOutput {
        switch action {
        case .send(let spec):
            return .response(try await TypedRequest(context).send(spec, adjustments: adjustments))
        case .resolve(let spec):
            return .request(try TypedRequest(context).resolve(spec), edited: false)
        case .save(let spec, let id, let secrets):
            return changed(try AdHocSpec.save(spec, as: id, secrets: secrets, follower: &follower))
        }
    }

    /// `cache list|show KEY|clear [KEY]|export|import|promote`, and what the faces read of the cache.
    private func cache(
        _ action: Command.CacheAction, context: ExplorerContext
    ) async throws(ExplorerError) -> CommandOutput {
        guard services.storage != nil else { throw ExplorerError(.storage, "this session has no cache") }
        let desk = CacheDesk(context)
        switch action {
        case .list: return .cacheEntries(try await desk.entries())
        case .show(let key): return .cacheEntry(try await desk.entry(key))
        case .clear(let key): return .done(try await desk.clear(key))
        case .export(let path, let names, let force):
            return .done(try await HARExport(context).writeCache(to: path, names: names, replacing: force))
        case .importHAR(let path): return changed(try await desk.importHAR(path))
        case .answer(let entry): return .storedAnswer(await desk.storedAnswer(of: entry))
        case .storeRecorded(let items): return .recordedStored(try await RecordedAnswers(context).store(items))
        case .promote(let key, let force):
            // The sample goes into the spec file as it is on disk now, not as it was first read.
            try await reload()
            let promotion = try await SamplePromotion(self.context()).promote(key, replacing: force)
            guard let written = promotion.written else { return .done(promotion.message) }
            follower.written(written)
            edits[written.id]?.spec.sample = written.spec.sample
            return changed(promotion.message)
        }
    }
}

extension CommandOutput {
    /// A checked send's response, with its expectations and capture warnings.
    static func checked(_ checked: CheckedResponse) -> CommandOutput {
        .response(checked.response, checks: checked.expectations, warnings: checked.captureMisses)
    }
}
