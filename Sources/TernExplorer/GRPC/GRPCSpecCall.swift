import Foundation
import HTTPTypes
import Tern
import TernProtobuf
import TernWorkspace

/// A gRPC spec's call made ready: its endpoint (descriptors from the target's `grpc:` settings, the
/// request's metadata, TLS and deadline), the method and the request messages. `send` and `load` make
/// it the same way; `response` reads an answer the same way for both.
struct GRPCSpecCall: Sendable {
    var endpoint: GRPCEndpoint
    var pool: DescriptorPool
    var method: MethodDescriptor
    var messages: [DynamicMessage]

    /// The call of `entry`, whose `request` is resolved (`grpc://HOST:PORT/pkg.Service/Method`, the
    /// metadata as its headers).
    static func prepare(
        _ entry: SpecEntry, request: Request, context: ExplorerContext, book: DescriptorBook
    ) async throws(ExplorerError) -> GRPCSpecCall {
        guard let definition = entry.spec.grpc else {
            throw ExplorerError(.usage, "\(entry.id) is not a gRPC spec")
        }
        var endpoint = try GRPCDesk(context).endpoint(of: entry, request: request)
        endpoint.timeout = definition.timeout.map { .milliseconds(Int(($0 * 1000).rounded(.up))) }
        let pool = try await book.pool(for: endpoint, defining: [GRPCDesk.serviceOrSymbol(definition.method)])
        let method = try GRPCDesk.method(definition.method, in: pool)
        let texts = try context.workspaceCall { () throws(WorkspaceError) in
            try context.workspace.grpcMessages(for: entry, context: context.templateContext())
        }
        let messages: [DynamicMessage]
        do {
            messages = try GRPCDesk.requests(texts.map { Array($0.utf8) }, for: method)
        } catch {
            throw ExplorerError(.workspace, "\(entry.file.path): \(error.message)")
        }
        return GRPCSpecCall(endpoint: endpoint, pool: pool, method: method, messages: messages)
    }

    /// The response `expect:` and `capture:` read from a call that ended as `outcome`: its body is the
    /// message of a method that answers once, `{"messages": [...], "count": N}` of a server-streaming
    /// one; its `grpc-status`, `grpc-message` and `grpc-status-name` headers say how the call ended, and
    /// the server's metadata and trailers follow.
    static func response(
        _ outcome: GRPCOutcome, method: MethodDescriptor, request: Request, started: Date, duration: Duration
    ) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        let message = String(outcome.status.message.map { $0.isASCII && !$0.isNewline && $0 != "\t" ? $0 : "?" })
        let status: [(String, String)] = [
            ("grpc-status", String(outcome.status.code.rawValue)), ("grpc-status-name", outcome.status.code.name),
            ("grpc-message", message),
        ]
        for (name, value) in status where !value.isEmpty {
            if let name = HTTPField.Name(name) { headers[name] = value }
        }
        for entry in outcome.headers + outcome.status.trailers {
            guard let name = HTTPField.Name(entry.name), headers[name] == nil else { continue }
            headers[name] = entry.written
        }
        var body: String
        if method.serverStreaming {
            body =
                "{\"messages\": [" + outcome.messages.map { $0.json(.compact) }.joined(separator: ", ")
                + "], \"count\": \(outcome.messages.count + outcome.dropped)}"
        } else {
            body = outcome.messages.first?.json(.pretty) ?? "{}"
        }
        if let details = outcome.details, !method.serverStreaming, body == "{}" {
            body = "{\"details\": \(details)}"
        }
        return Response(
            status: .ok, headers: headers, body: Data(body.utf8), source: outcome.source, request: request,
            timing: Response.Timing(start: started, duration: duration), attempts: 1)
    }
}
