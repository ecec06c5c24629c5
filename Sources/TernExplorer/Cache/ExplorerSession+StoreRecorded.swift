import Foundation
import Tern
package import TernExplorerStorage
package import TernImport
package import TernWorkspace

/// What `import har --into-cache` stored.
package struct RecordedStoreSummary: Sendable, Equatable {
    /// Responses stored.
    package var stored = 0
    /// Specs whose recorded response was not stored, with the reason (`item` is the spec id).
    package var skipped: [SkippedItem] = []
}

extension ExplorerSession {
    /// `import har --into-cache`: stores each spec's recorded response in this session's cache under
    /// the key `send` looks up for the spec, in this session's environment, variables and process
    /// environment, so `tern send ID --mode cache` replays it. Call it after the specs are written and
    /// the workspace reloaded. A spec that cannot be resolved (an `{{env:NAME}}` that is not set) or a
    /// status the cache does not keep (not 2xx, or 206) is skipped with the reason; nothing is sent.
    package func storeRecorded(
        _ items: [(id: String, recorded: RecordedResponse)]
    ) async throws(ExplorerError) -> RecordedStoreSummary {
        guard let storage else { throw ExplorerError(.storage, "this session has no cache to store into") }
        var summary = RecordedStoreSummary()
        var planned: [StoredResponse] = []
        for (id, recorded) in items {
            let conversation = recorded.headers.contains {
                $0.name.lowercased() == "content-type" && $0.value == WebSocketTranscript.contentType
            }
            guard (200...299).contains(recorded.status) && recorded.status != 206 || conversation else {
                let reason = "status \(recorded.status) is not stored (the cache keeps 2xx answers)"
                summary.skipped.append(SkippedItem(item: id, reason: reason))
                continue
            }
            let request: Request
            do {
                request = try resolve(try entry(id))
            } catch {
                summary.skipped.append(SkippedItem(item: id, reason: "its request does not resolve: \(error.message)"))
                continue
            }
            let headers = Self.responseFields(recorded.headers.map { HARPair(name: $0.name, value: $0.value) })
            planned.append(
                storedResponse(
                    for: request, status: recorded.status, headers: headers, body: recorded.body,
                    storedAt: recorded.date ?? Date()))
        }
        do {
            for stored in planned {
                try await storage.store(stored)
                summary.stored += 1
            }
        } catch {
            throw ExplorerError(.storage, "the cache failed after \(summary.stored) responses: \(error)")
        }
        if summary.stored > 0 { changed() }
        return summary
    }

    /// `storeRecorded(_:)` on a session of its own over `workspace` (already holding the imported specs)
    /// in `environment` (`nil`: the workspace's default), storing in `storage`.
    package static func storeRecorded(
        _ items: [(id: String, recorded: RecordedResponse)], workspace: Workspace, environment: String?,
        storage: any WorkspaceCache, variables: [String: String] = [:],
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(ExplorerError) -> RecordedStoreSummary {
        let session = ExplorerSession(
            workspace: workspace, transport: NoNetworkTransport(), storage: storage,
            options: Options(environment: environment, variables: variables, processEnvironment: processEnvironment)
        )
        return try await session.storeRecorded(items)
    }
}

/// A transport for sessions that only read and write the cache: any send is an error.
private struct NoNetworkTransport: Transport {
    func perform(_ request: Request, context: TransportContext) async throws -> TransportResponse {
        throw TernError(.unsupported, "this session stores recorded responses and does not send")
    }
}
