import Foundation
import HTTPTypes
import SwiftProtobuf
import Synchronization
import Tern
import TernProtobuf
import TernWorkspace

/// The gRPC concept: `grpc list`, `grpc describe` and `grpc call` at an endpoint. It learns the
/// descriptors (`DescriptorBook`), turns JSON into request messages and answers back into JSON, and runs
/// the call through the session's connector, reporting each message and the status as they come.
struct GRPCDesk {
    let context: ExplorerContext

    init(_ context: ExplorerContext) { self.context = context }

    func run(_ action: Command.GRPCAction, adjustments: SendAdjustments) async throws(ExplorerError) -> CommandOutput {
        switch action {
        case .vocabulary(let endpoint):
            // Read from files only: Tab never waits on a server.
            let stateFolder = context.workspace.root.appendingPathComponent(".tern")
            let pool = try DescriptorBook.known(endpoint, stateFolder: stateFolder)
            return .grpcVocabulary(
                pool.map { GRPCVocabulary($0, hostPort: endpoint.hostPort) }
                    ?? GRPCVocabulary(hostPort: endpoint.hostPort))
        case .list(let endpoint, nil):
            return .done(try await book().services(of: endpoint).joined(separator: "\n"))
        case .list(let endpoint, let service?):
            let pool = try await book().pool(for: endpoint, defining: [service])
            return .done(try Self.service(service, in: pool).methods.map(\.fullName).joined(separator: "\n"))
        case .describe(let endpoint, let symbol):
            let pool: DescriptorPool
            do {
                pool = try await book().pool(for: endpoint, defining: [Self.serviceOrSymbol(symbol)])
            } catch  where error.message.contains("reflection found no") {
                // A symbol the server does not know: every service's descriptors give the close matches.
                pool = try await book().pool(for: endpoint, defining: nil)
            }
            guard let text = pool.describe(symbol) ?? pool.describe(symbol.replacingOccurrences(of: "/", with: "."))
            else {
                let hint = Suggestions.closeMatches(to: symbol, in: pool.symbols)
                let also = hint.isEmpty ? "" : " (did you mean \(Suggestions.list(hint))?)"
                throw ExplorerError(.usage, "the descriptors define no '\(symbol)'\(also)")
            }
            return .done(text)
        case .call(let endpoint, let name, let input):
            let service = Self.serviceOrSymbol(name)
            let pool = try await book().pool(for: endpoint, defining: [service])
            let method = try Self.method(name, in: pool)
            return .grpcCall(try await call(method, at: endpoint, input: input, pool: pool, adjustments: adjustments))
        }
    }

    /// The descriptor book of the session's connector and workspace.
    func book() throws(ExplorerError) -> DescriptorBook {
        guard let connector = context.services.grpc else {
            throw ExplorerError(.unsupported, "gRPC calls are not available here")
        }
        return DescriptorBook(
            connector: connector, stateFolder: context.workspace.root.appendingPathComponent(".tern"),
            offline: context.mode == .cache)
    }

    /// The service part of `pkg.Service/Method` or `pkg.Service.Method`; a symbol as it is otherwise.
    static func serviceOrSymbol(_ name: String) -> String {
        let trimmed = name.hasPrefix("/") ? String(name.dropFirst()) : name
        if let slash = trimmed.firstIndex(of: "/") { return String(trimmed[..<slash]) }
        return trimmed
    }

    static func service(_ name: String, in pool: DescriptorPool) throws(ExplorerError) -> ServiceDescriptor {
        if let service = pool.service(named: name) { return service }
        let names = pool.services.map(\.fullName)
        let hint = Suggestions.closeMatches(to: name, in: names)
        let also = hint.isEmpty ? "" : " (did you mean \(Suggestions.list(hint))?)"
        let known = names.isEmpty ? "it defines none" : "its services are \(Suggestions.list(names))"
        throw ExplorerError(.usage, "the server has no service '\(name)'\(also): \(known)")
    }

    /// The method `name` names, or an error naming the service's methods and close matches.
    static func method(_ name: String, in pool: DescriptorPool) throws(ExplorerError) -> MethodDescriptor {
        if let method = pool.method(named: name) { return method }
        let trimmed = name.hasPrefix("/") ? String(name.dropFirst()) : name
        guard let slash = trimmed.firstIndex(of: "/") else {
            throw ExplorerError(.usage, "'\(name)' is not SERVICE/METHOD (pkg.Service/Method)")
        }
        let service = try service(String(trimmed[..<slash]), in: pool)
        let wanted = String(trimmed[trimmed.index(after: slash)...])
        let names = service.methods.map(\.name)
        let hint = Suggestions.closeMatches(to: wanted, in: names)
        let also = hint.isEmpty ? "" : " (did you mean \(Suggestions.list(hint))?)"
        throw ExplorerError(
            .usage, "\(service.fullName) has no method '\(wanted)'\(also): its methods are \(Suggestions.list(names))")
    }

    /// The request messages of `input`, checked against the method's input type before anything is sent.
    static func requests(
        _ input: Data?, for method: MethodDescriptor
    ) throws(ExplorerError) -> [DynamicMessage] {
        var documents: [[UInt8]] = []
        if let input {
            do {
                documents = try jsonDocuments(Array(input))
            } catch {
                throw ExplorerError(.usage, "the request messages are not JSON: \(error)")
            }
        }
        return try requests(documents, for: method)
    }

    /// The request messages of `documents` (one JSON document each), as `requests(_:for:)` checks them.
    static func requests(
        _ documents: [[UInt8]], for method: MethodDescriptor
    ) throws(ExplorerError) -> [DynamicMessage] {
        var messages: [DynamicMessage] = []
        for (index, document) in documents.enumerated() {
            do {
                messages.append(try DynamicMessage(json: document, as: method.input))
            } catch {
                let which = documents.count == 1 ? "the request message" : "request message \(index + 1)"
                throw ExplorerError(.usage, "\(which) is not a \(method.input.fullName): \(error)")
            }
        }
        if !method.clientStreaming {
            if messages.isEmpty {
                do {
                    messages = [try DynamicMessage(json: Array("{}".utf8), as: method.input)]
                } catch {
                    throw ExplorerError(.usage, "an empty \(method.input.fullName) cannot be made: \(error)")
                }
            }
            guard messages.count == 1 else {
                throw ExplorerError(
                    .usage,
                    "\(method.fullName) takes one request message (it is not client-streaming); "
                        + "-d gave \(messages.count)"
                )
            }
        }
        return messages
    }

    private func call(
        _ method: MethodDescriptor, at endpoint: GRPCEndpoint, input: Data?, pool: DescriptorPool,
        adjustments: SendAdjustments
    ) async throws(ExplorerError) -> GRPCOutcome {
        let requests = try Self.requests(input, for: method)
        let path = "\(method.fullName.dropLast(method.name.count + 1))/\(method.name)"
        let request = try Self.request(path, at: endpoint, partition: context.activeEnvironment)
        return try await exchange(
            method, request: request, messages: requests, timeout: endpoint.timeout,
            maximumBytes: endpoint.maximumReceivedMessageBytes, pool: pool, adjustments: adjustments)
    }

    /// The request of a call to `path` at `endpoint`: its URL `grpc://HOST:PORT/pkg.Service/Method`, the
    /// metadata as its headers (a `-bin` value in base64), the TLS settings, the cache partition.
    static func request(
        _ path: String, at endpoint: GRPCEndpoint, partition: String?
    ) throws(ExplorerError) -> Request {
        var base = endpoint.url.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + "/" + path) else {
            throw ExplorerError(.usage, "'\(path)' does not make a URL with \(endpoint.url.absoluteString)")
        }
        var headers = HTTPFields()
        for entry in endpoint.metadata {
            guard let name = HTTPField.Name(entry.name) else {
                throw ExplorerError(.usage, "'\(entry.name)' is not a metadata name")
            }
            headers.append(HTTPField(name: name, value: entry.written))
        }
        var request = Request(method: .post, url: url, headers: headers)
        request.connectionSettings = ConnectionSettings(tls: endpoint.tls)
        request.cachePartition = partition
        return request
    }

    /// Runs the call of `request` with `messages` through the handler (live, or replayed in cache mode),
    /// reporting each message and the status as they come; the messages kept, the status and its details.
    func exchange(
        _ method: MethodDescriptor, request: Request, messages requests: [DynamicMessage], timeout: Duration?,
        maximumBytes: Int, pool: DescriptorPool, adjustments: SendAdjustments
    ) async throws(ExplorerError) -> GRPCOutcome {
        let report = adjustments.onGRPC
        let path = GRPCCaller.grpcMethod(of: request.url)
        let url = context.handler.redactor(for: request).redact(url: GRPCCaller.grpcBase(of: request.url))
        let outcome = Mutex(GRPCOutcome(url: url, method: path, status: GRPCStatus(code: .unknown)))
        // Set when Tern itself ends the call (an answer it cannot read): the status it ends with.
        let endedHere = Mutex<GRPCStatus?>(nil)
        for message in requests { report?(.message(.out, message, at: Date())) }
        let output = method.output
        let limits = ProtobufLimits()
        let handler = context.handler
        let mode = context.mode
        let activity = context.services.activity
        let observer = adjustments.onEvent
        let source = Mutex(ResponseSource.live)
        let task = Task { () throws -> GRPCCallResult in
            try await GRPCCaller(handler).call(
                request, messages: requests.map { $0.binary() }, mode: mode, timeout: timeout,
                maximumReceivedMessageBytes: maximumBytes,
                onEvent: { event in
                    activity.record(event)
                    observer?(event)
                    if case .response(_, let from, _, _, _) = event.kind { source.withLock { $0 = from } }
                }
            ) { event in
                switch event {
                case .metadata(let headers):
                    outcome.withLock { $0.headers = headers }
                    report?(
                        .opened(url: url, method: path, headers: headers, source: source.withLock { $0 }, at: Date()))
                case .message(let bytes):
                    guard let message = try? DynamicMessage(binary: bytes, as: output, limits: limits) else {
                        // A message that is not the method's output type ends the call.
                        endedHere.withLock { $0 = Self.garbled(output) }
                        withUnsafeCurrentTask { $0?.cancel() }
                        return
                    }
                    report?(.message(.in, message, at: Date()))
                    outcome.withLock { outcome in
                        if outcome.messages.count < GRPCOutcome.keptMessages {
                            outcome.messages.append(message)
                        } else {
                            outcome.dropped += 1
                        }
                    }
                }
            }
        }
        let stop = adjustments.streamStop
        let watcher = Task {
            await stop?.wait()
            if stop != nil, !Task.isCancelled { task.cancel() }
        }
        let finished = await task.result
        watcher.cancel()
        let status: GRPCStatus
        switch finished {
        case .success(let result):
            status = endedHere.withLock { $0 } ?? result.status
            outcome.withLock { $0.source = result.source }
        case .failure(let error):
            if let ended = endedHere.withLock({ $0 }) {
                status = ended
            } else {
                let failure = TernError.wrap(error)
                throw ExplorerError(.request, failure.message, underlying: failure)
            }
        }
        let details = Self.details(of: status, pool: pool)
        outcome.withLock {
            $0.status = status
            $0.details = details
        }
        report?(.status(status, details: details, at: Date()))
        return outcome.withLock { $0 }
    }

    /// Sends a gRPC spec: the call of `request` (resolved: `grpc://HOST:PORT/pkg.Service/Method`, the
    /// metadata as its headers) with the spec's messages, the descriptors from its target's `grpc:`
    /// settings. Answers with the response `GRPCSpecCall.response` makes, which `expect:` and `capture:` read.
    func send(_ entry: SpecEntry, request: Request, adjustments: SendAdjustments) async throws(ExplorerError)
        -> Response
    {
        let call = try await GRPCSpecCall.prepare(entry, request: request, context: context, book: book())
        let started = Date()
        let stopwatch = ContinuousClock.now
        let outcome = try await exchange(
            call.method, request: request, messages: call.messages, timeout: call.endpoint.timeout,
            maximumBytes: call.endpoint.maximumReceivedMessageBytes, pool: call.pool, adjustments: adjustments)
        return GRPCSpecCall.response(
            outcome, method: call.method, request: request, started: started,
            duration: ContinuousClock.now - stopwatch)
    }

    /// The endpoint `entry`'s call goes to (`request`, resolved): the address, the metadata as its headers
    /// (reflection carries them too: a token the server wants for every call), the TLS settings, and
    /// where its target's `grpc:` says the descriptors come from.
    func endpoint(of entry: SpecEntry, request: Request) throws(ExplorerError) -> GRPCEndpoint {
        let target =
            entry.spec.target.flatMap { context.workspace.targets[$0] } ?? context.workspace.target(for: entry.spec)
        var endpoint = GRPCEndpoint(url: GRPCCaller.grpcBase(of: request.url))
        let root = context.workspace.root
        let file = { (path: String) in
            URL(fileURLWithPath: (path as NSString).expandingTildeInPath, relativeTo: root).standardizedFileURL
        }
        switch target?.grpc {
        case nil, .reflection?: endpoint.descriptors = .reflection
        case .protoset(let path)?: endpoint.descriptors = .protoset(file(path))
        case .protos(let protos, let importPaths)?:
            endpoint.descriptors = .protos(protos.map(file), importPaths: importPaths.map(file))
        }
        do {
            endpoint.metadata = try GRPCCaller.metadata(of: request)
        } catch {
            throw ExplorerError(.workspace, "\(entry.file.path): \(error.message)")
        }
        endpoint.tls = request.connectionSettings?.tls ?? TLSSettings()
        return endpoint
    }

    private static func garbled(_ type: MessageDescriptor) -> GRPCStatus {
        GRPCStatus(
            code: .internal, message: "a message from the server is not a \(type.fullName) (Tern cannot read it)")
    }

    /// `grpc-status-details-bin` as JSON, when the descriptors know `google.rpc.Status`.
    static func details(of status: GRPCStatus, pool: DescriptorPool) -> String? {
        guard let entry = status.trailers.first(where: { $0.name == "grpc-status-details-bin" }),
            case .binary(let bytes) = entry.value, let type = pool.message(named: "google.rpc.Status"),
            let message = try? DynamicMessage(binary: bytes, as: type)
        else { return nil }
        return message.json(.compact)
    }
}
