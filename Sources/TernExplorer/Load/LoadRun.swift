import Foundation
import Tern
import TernWorkspace

/// A load on specs (`load`): their requests resolved once, then sent by the `LoadEngine`.
struct LoadRun: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `LoadRun` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// Runs a load on `options.names`: their requests, resolved once after their dependencies are
    /// sent, go straight to the network (live, no retries, no redirects followed, nothing stored, no
    /// cookies kept), taking turns. `progress` gets the figures about once a second. Cancelling the
    /// task stops the load; the report says so.
    func run(
        _ options: LoadOptions, progress: @escaping @Sendable (LoadFigures) -> Void = { _ in }
    ) async throws(ExplorerError) -> LoadReport {
        if let problem = options.problem { throw ExplorerError(.usage, problem) }
        let targets = try await loadTargets(options.names)
        let loadHandler = Handler(
            transport: handler.transport, storage: nil, mode: .live, retryPolicy: .never,
            defaults: handler.defaults, interceptors: handler.interceptors,
            redirects: RedirectPolicy(follow: false))
        let engine = LoadEngine(targets: targets, handler: loadHandler, options: options, redactor: exportRedactor())
        return await engine.run(progress: progress)
    }

    /// The targets of `names`: each spec's request with its dependencies sent first (once).
    private func loadTargets(_ names: [String]) async throws(ExplorerError) -> [LoadTarget] {
        let ids = try SpecSelection(context).runOrder(names)
        var targets: [LoadTarget] = []
        for id in ids {
            let entry = try self.entry(id)
            if entry.spec.isWebSocket {
                throw ExplorerError(.usage, "\(id) is a WebSocket spec; load sends HTTP requests only")
            }
            _ = try await ChainedSend(context).dependencies(of: entry)
            var request = try resolve(entry)
            request.retryPolicy = .never
            request.redirectPolicy = RedirectPolicy(follow: false)
            request.usesCookies = false
            request.sample = nil
            request.transaction = .data
            let expectations = try workspaceCall { () throws(WorkspaceError) in
                try workspace.expectations(for: entry, context: context.templateContext())
            }
            targets.append(
                LoadTarget(
                    id: id, request: request, expectations: expectations.filter { $0 != .openAPIContract },
                    root: workspace.root))
        }
        return targets
    }
}
