import Foundation
import Tern
import TernWorkspace

/// A request typed on the command line (`tern get URL …`), sent or shown: with its named session's
/// headers when `--session NAME` gave one, the headers it types kept for the session's next request
/// (a read-only session is written only when it is new, HTTPie's "create or read").
struct TypedRequest: ExplorerOperation {
    /// The session as it was when the command began.
    let context: ExplorerContext

    /// An operation in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// Sends `spec` as the typed request.
    func send(_ spec: SpecDefinition, adjustments: SendAdjustments) async throws(ExplorerError) -> Response {
        let root = workspace.root
        let name = context.services.namedSession
        let headers = try name.map { name throws(ExplorerError) in try AdHocSessionHeaders.read(name, in: root) }
        let keeps = name.map { !context.services.sessionReadOnly || !AdHocSessionHeaders.exists($0, in: root) } ?? false
        let entry = AdHocSpec.entry(headers?.applied(to: spec) ?? spec, in: workspace)
        let response = try await Sender(context).send(entry, adjustments: adjustments)
        if let name, let headers, keeps { try headers.keeping(spec).write(name, in: root) }
        return response
    }

    /// The request `spec` would send, with the session's headers and what the handler adds as it sends
    /// (`User-Agent`, `Accept-Encoding`): `--offline` shows what `-v` shows of the same request sent.
    func resolve(_ spec: SpecDefinition) throws(ExplorerError) -> Request {
        let root = workspace.root
        let headers = try context.services.namedSession.map { name throws(ExplorerError) in
            try AdHocSessionHeaders.read(name, in: root)
        }
        let resolved = try context.resolve(AdHocSpec.entry(headers?.applied(to: spec) ?? spec, in: workspace))
        do throws(TernError) {
            return try context.handler.preparedRequest(for: resolved)
        } catch {
            throw ExplorerError(.usage, error.message)
        }
    }
}
