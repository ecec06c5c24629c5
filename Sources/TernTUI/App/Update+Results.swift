import Foundation
import HTTPTypes
import Tern
import TernExplorer
import TernScreen

/// A command's result, shown where it belongs: the status line, a pane or a scrollable window.
extension App {
    static func finished(_ command: Command, _ result: Result<CommandOutput, ExplorerError>, _ state: inout AppState)
        -> [Effect]
    {
        let output: CommandOutput
        switch result {
        case .failure(let error):
            if case .grpcTarget(.catalog(let target)) = command {
                // Said under the target in the tree too (Enter on it asks again).
                state.workspaceTree.grpc[target] = .failed(error.message)
                state.status = StatusMessage(text: "\(target): \(error.message)", isError: true)
                return []
            }
            if case .graphql(.catalog(let target)) = command {
                state.workspaceTree.graphQL[target] = .failed(error.message)
                state.status = StatusMessage(text: "\(target): \(error.message)", isError: true)
                return []
            }
            state.status = StatusMessage(text: error.message, isError: true)
            if case .send(let spec) = command { askForSecret(in: error, resend: .some(spec), &state) }
            return []
        case .success(let value):
            output = value
        }
        switch output {
        case .done(let text):
            state.status = StatusMessage(text: text, isError: false)
            if case .set(let field, _, _) = command, field.isSecret, let resend = state.secretResend {
                state.secretResend = nil
                return send(resend, &state)
            }
            if case .grpcTarget(.draft) = command {
                // The request opened from the tree: its message, ready to edit (e) and send (s).
                state.requestEditor.tab = .body
                focus(.editor, &state)
            }
            if case .graphql(.draft) = command {
                // The request opened from the tree: its operation shown, the focus left in the tree, where the
                // query builder's rows opened below the field for ticking (e edits, s sends).
                state.requestEditor.tab = .body
            }
            if case .graphql(.tick(_, _, let root, let change)) = command {
                state.requestEditor.tab = .body
                if case .field(let path) = change {
                    state.requestEditor.ticked = [root] + path
                } else {
                    state.requestEditor.ticked = nil
                }
            }
            if case .cache = command { return [.loadCache] }
            if case .vars = command { return [.loadVariables] }
            if case .cookies = command { return [.run(.cookies(.list(domain: nil)))] }
        case .help(let infos):
            state.dialog = .output(
                title: "help", lines: infos.flatMap { ["\($0.usage)", "  \($0.summary)"] }, scroll: 0)
        case .specs(let specs):
            state.dialog = .output(
                title: "specs",
                lines: specs.map {
                    "\($0.method.padding(toLength: 7, withPad: " ", startingAt: 0)) \($0.id)  \($0.path)"
                }, scroll: 0)
        case .request(let request, let edited, let outsideFiles):
            let shown = RequestLines(request, secretValues: request.secretValues)
            var lines = [shown.requestLine + (edited ? "   (edited, unsaved)" : "")] + shown.headers.map(\.text)
            if case .data(let data) = request.body {
                lines.append("")
                let text = BodyRendering.asSent(data, contentType: request.headers[.contentType])
                lines += text.prefix(16 * 1024).split(separator: "\n", omittingEmptySubsequences: false)
                    .map(String.init)
            }
            let files = request.body.files
            if !files.isEmpty { lines.append("") }
            for file in files {
                lines.append("file: \(file.path)" + (outsideFiles.contains(file) ? "   (outside the workspace)" : ""))
            }
            state.dialog = .output(title: "show", lines: lines, scroll: 0)
        case .response, .cacheEntry:
            break
        case .retryLog: focus(.retryLog, &state)
        case .transfers: focus(.transfers, &state)
        case .cacheEntries(let entries):
            state.activityPanes.cacheEntries = entries.map(CacheRow.init)
            focus(.cache, &state)
        case .history(let entries):
            state.history = HistoryList(entries: entries)
        case .diff(let diff):
            // The differences, then both bodies side by side.
            var lines = diff.lines
            if diff.outcome != .same, !(diff.leftBody.isEmpty && diff.rightBody.isEmpty) {
                lines += [""] + diff.sideBySide(width: max(40, state.size.width - 14))
            }
            state.dialog = .output(title: "diff: \(diff.spec)", lines: lines, scroll: 0)
            switch diff.outcome {
            case .same: state.status = StatusMessage(text: "\(diff.spec): the same answer", isError: false)
            case .different:
                state.status = StatusMessage(text: "\(diff.spec): the answers differ", isError: true)
            case .nothingToCompare(let reason): state.status = StatusMessage(text: reason, isError: true)
            }
        case .drift(let reports):
            state.dialog = .output(title: "verify: stored vs live", lines: reports.flatMap(\.lines), scroll: 0)
            let drifted = reports.filter { $0.outcome == .drifted }.count
            state.status = StatusMessage(
                text: drifted == 0
                    ? "verified \(reports.count): no drift" : "verified \(reports.count): \(drifted) drifted",
                isError: drifted > 0
            )
        case .curl(let text):
            state.dialog = .output(
                title: "curl", lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                scroll: 0)
        case .load(let report):
            state.loadFigures = nil
            state.dialog = .output(title: "load", lines: report.lines, scroll: 0)
            let failed = report.figures.errorCount + report.figures.checksFailed
            state.status = StatusMessage(
                text: "load: \(report.figures.completed) in \(String(format: "%.1f", report.figures.elapsed)) s, "
                    + "p99 \(String(format: "%.2f", report.figures.p99)) ms", isError: failed > 0)
        case .run(let summary):
            state.runResults = RunResults(summary: summary, responses: [:])
            state.status = StatusMessage(text: summary.line, isError: summary.exitStatus != .success)
        case .variables(let rows):
            let lines = rows.map { row in
                let source = row.sourceText(now: state.now) + (row.shadowed ? " (hidden)" : "")
                return "\(row.name) = \(row.value.prefix(60))   \(source)"
            }
            state.dialog = .output(title: "variables", lines: lines.isEmpty ? ["(no variables)"] : lines, scroll: 0)
        case .imported(let outcome):
            let lines = outcome.lines
            state.status = StatusMessage(text: lines.first ?? "imported", isError: false)
            if lines.count > 1 { state.dialog = .output(title: "import", lines: lines, scroll: 0) }
        case .timing(let lines):
            state.dialog = .output(title: "timing", lines: lines, scroll: 0)
        case .filtered(let values):
            state.dialog = .output(title: "filter", lines: values.isEmpty ? ["(nothing selected)"] : values, scroll: 0)
        case .cookies(let rows, let environment):
            // A listing after `d`/`D` updates the open view in place; `:cookies list` (re)opens it.
            if var view = state.cookies, view.isOpen {
                view.reload(rows, environment: environment)
                state.cookies = view
            } else {
                state.cookies = CookiesView(rows: rows, environment: environment)
            }
        case .signIns(let rows, let environment):
            state.dialog = .output(
                title: "OAuth 2.0 tokens", lines: SignInRow.lines(rows, environment: environment, now: state.now),
                scroll: 0)
        case .storedAnswer:
            // One the cache keeps opens in the response pane (the runtime formats it); this one is gone.
            state.status = StatusMessage(text: "the cache no longer keeps this answer", isError: true)
        case .recordedStored(let summary):
            state.dialog = .output(title: "recorded answers", lines: summary.lines, scroll: 0)
        case .grpcCall(let outcome):
            state.dialog = .output(title: outcome.method, lines: outcome.lines, scroll: 0)
        case .grpcCatalog(let catalog):
            state.workspaceTree.grpc[catalog.target] = .loaded(catalog)
        case .graphQLCatalog(let catalog):
            state.workspaceTree.graphQL[catalog.target] = .loaded(catalog)
        case .grpcVocabulary(let vocabulary):
            state.dialog = .output(title: "gRPC methods", lines: vocabulary.methods.keys.sorted(), scroll: 0)
        case .quit(let unsaved):
            if unsaved.isEmpty { state.quitting = true } else { state.dialog = .confirmQuit(unsaved: unsaved) }
        }
        return []
    }
}

extension App {
    /// A send that needs a secret nobody set asks for it (a masked prompt), keeps it, and sends
    /// `resend` again.
    static func askForSecret(in error: ExplorerError, resend: String??, _ state: inout AppState) {
        guard let name = missingSecret(in: error.message), state.requestEditor.prompt == nil else { return }
        state.requestEditor.prompt = Prompt(
            purpose: .secret(name: name, resend: resend, keep: true), title: "Secret \(name)", labels: ["Value"],
            fields: [TextField("")])
    }

    /// The name in "undefined secret 'NAME'" (the error a send gives when neither the store nor the
    /// environment has it).
    static func missingSecret(in message: String) -> String? {
        guard let start = message.range(of: "undefined secret '") else { return nil }
        let rest = message[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        let name = String(rest[..<end])
        return name.isEmpty ? nil : name
    }
}
