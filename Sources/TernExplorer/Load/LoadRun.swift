import Foundation
import Tern
import TernProtobuf
import TernWorkspace

/// A load on specs (`load`): their requests resolved once, then sent by the `LoadEngine`.
struct LoadRun: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `LoadRun` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// Runs a load on `options.names` (once per row of `options.data`, or of `options.dataFile` read now):
    /// their requests, resolved once after their dependencies are sent, go straight to the network (live,
    /// no retries, no redirects followed, nothing stored, no cookies kept), taking turns. `progress` gets
    /// the figures about once a second. Cancelling the task stops the load; the report says so.
    func run(
        _ options: LoadOptions, progress: @escaping @Sendable (LoadFigures) -> Void = { _ in }
    ) async throws(ExplorerError) -> LoadReport {
        if let problem = options.problem { throw ExplorerError(.usage, problem) }
        var options = options
        if options.data == nil { options.data = try RunTarget(options.names, data: options.dataFile).readData() }
        let targets = try await loadTargets(options.names, data: options.data)
        let redactor = exportRedactor()
        if options.engine != .handler,
            let (driver, requests) = try await wire(targets, required: options.engine == .wire)
        {
            let engine = LoadEngine(
                targets: targets, handler: handler, options: options, redactor: redactor, wire: (driver, requests))
            return await engine.run(progress: progress)
        }
        // A pool of the load's own, with a connection for each client: the session's keeps a few per host,
        // and requests past them would wait inside the client, so the server would never see the
        // concurrency asked for (and the latency would count that wait).
        let pool = handler.transport.dedicatedPool(connectionsPerHost: options.clients)
        let transport: any Transport = pool ?? handler.transport
        // gRPC calls share a connection a server, kept open for the load (one a call would measure handshakes).
        let calls = targets.contains { $0.grpc != nil } ? context.services.grpc?.dedicatedPool() : nil
        let loadHandler = Handler(
            transport: transport, storage: nil, mode: .live, retryPolicy: .never,
            defaults: handler.defaults, interceptors: handler.interceptors,
            redirects: RedirectPolicy(follow: false), grpc: calls ?? context.services.grpc)
        let engine = LoadEngine(targets: targets, handler: loadHandler, options: options, redactor: redactor)
        var report = await engine.run(progress: progress)
        // What the server saw: the HTTP connections, and gRPC's (one a server, open for the whole load).
        var connections = pool?.connectionCount
        if let calls {
            let grpc = calls.connectionCount
            connections = ConnectionCount(
                opened: (connections?.opened ?? 0) + grpc.opened, mostOpen: (connections?.mostOpen ?? 0) + grpc.mostOpen
            )
            await calls.shutdown()
        }
        report.connections = connections
        try? await pool?.shutdown()
        return report
    }

    /// The transport's wire driver and the targets' requests as they go on the wire, when the driver takes
    /// them all: HTTP, each request the same every time (no gRPC call, no digest challenge, no AWS signature
    /// made per request), nothing the driver refuses (a proxy, a body streamed from a file). When the wire is
    /// `required`, a target it cannot take is a usage error naming why.
    private func wire(_ targets: [LoadTarget], required: Bool) async throws(ExplorerError)
        -> (any WireLoadDriver, [Request])?
    {
        func redactor(for target: LoadTarget) -> Redactor { handler.redactor(for: target.request) }
        func refuse(_ why: String) throws(ExplorerError) -> (any WireLoadDriver, [Request])? {
            guard required else { return nil }
            throw ExplorerError(.usage, "--engine wire cannot send \(why); use --engine handler")
        }
        guard let driver = handler.transport.wireLoadDriver else { return try refuse("through this transport") }
        var requests: [Request] = []
        for target in targets {
            if target.grpc != nil { return try refuse("\(target.key), a gRPC call") }
            if let why = driver.refusal(of: target.request) { return try refuse("\(target.key): \(why)") }
            switch target.request.authentication {
            case .digest: return try refuse("\(target.key): digest auth answers a challenge on each connection")
            case .aws: return try refuse("\(target.key): AWS signs each request")
            case .none, .basic, .bearer, .apiKey, .oauth2: break
            }
            let request: Request
            do {
                request = try await handler.wireRequest(for: target.request)
            } catch {
                throw ExplorerError(.request, redactor(for: target).redact(error.message), underlying: error)
            }
            // An interceptor may have changed what the driver takes (a URL, a body).
            if let why = driver.refusal(of: request) { return try refuse("\(target.key): \(why)") }
            requests.append(request)
        }
        return (driver, requests)
    }

    /// The targets of `names`: each spec's request with its dependencies sent first (once); with a data
    /// file, once per row, the row's fields as variables and its dependencies sent in its own pass (as
    /// `run --data` does), so the rows' requests take turns.
    private func loadTargets(_ names: [String], data: RunData?) async throws(ExplorerError) -> [LoadTarget] {
        let ids = try SpecSelection(context).runOrder(names)
        var targets: [LoadTarget] = []
        defer { if data != nil { context.captures.enter(nil) } }
        var passes = try RunPasses(data)
        defer { passes.close() }
        while let row = try passes.next() {
            var rowContext = context
            if let row {
                context.captures.enter(row)
                rowContext.settings.rowValues = row.values
            }
            for id in ids {
                targets.append(try await target(id, row: row, in: rowContext))
            }
        }
        return targets
    }

    /// The target of the spec `id` in `context` (`row`'s pass, when there is one).
    private func target(_ id: String, row: RunData.Row?, in context: ExplorerContext) async throws(ExplorerError)
        -> LoadTarget
    {
        let entry = try context.entry(id)
        if entry.spec.isWebSocket {
            throw ExplorerError(.usage, "\(id) is a WebSocket spec; load sends HTTP requests and unary gRPC calls only")
        }
        _ = try await ChainedSend(context).dependencies(of: entry)
        var request = try context.resolve(entry)
        request.retryPolicy = .never
        request.redirectPolicy = RedirectPolicy(follow: false)
        request.usesCookies = false
        request.sample = nil
        request.transaction = .data
        let expectations = try workspaceCall { () throws(WorkspaceError) in
            try workspace.expectations(for: entry, context: context.templateContext())
        }
        var grpc: LoadGRPCCall?
        if entry.spec.isGRPC {
            let call = try await GRPCSpecCall.prepare(
                entry, request: request, context: context, book: try GRPCDesk(context).book())
            guard !call.method.clientStreaming, !call.method.serverStreaming else {
                throw ExplorerError(
                    .usage, "\(id) calls \(call.method.fullName), a streaming method; load makes unary gRPC calls only")
            }
            grpc = LoadGRPCCall(call)
        }
        return LoadTarget(
            id: id, row: row?.label, request: request, expectations: expectations.filter { $0 != .openAPIContract },
            root: workspace.root, grpc: grpc)
    }
}
