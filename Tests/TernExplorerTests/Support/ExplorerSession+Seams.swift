import Foundation
import Tern
import TernExplorerStorage
import TernInterchange
import TernWorkspace

@testable import TernExplorer

/// What the explorer's tests ask a session directly, each through the concept that answers it (the faces go
/// through `run(_:)` alone).
extension ExplorerSession {
    /// Sends the spec `name` (or the selected one) as `send` does: its dependencies first, then its checks.
    func sendChecked(
        _ name: String?, adjustments: SendAdjustments = SendAdjustments()
    ) async throws(ExplorerError) -> CheckedResponse {
        try await ChainedSend(context()).sendChecked(name, adjustments: adjustments)
    }

    /// The response of `sendChecked`.
    func send(_ name: String?, adjustments: SendAdjustments = SendAdjustments()) async throws(ExplorerError)
        -> Response
    {
        try await sendChecked(name, adjustments: adjustments).response
    }

    /// The captured values of the environment in force.
    func capturedValues() -> [String: CapturedValue] { captures.values(context().activeEnvironment) }

    /// Every spec as `ls` lists it.
    func summaries() -> [SpecSummary] { follower.summaries(edits) }

    /// The workspace as the session holds it.
    var workspace: Workspace { follower.workspace }

    /// Specs whose file changed under unsaved edits.
    var conflicts: Set<String> { follower.conflicts }

    /// Whether the spec files are still being read.
    var isLoading: Bool { follower.isLoading }

    /// The ids of specs with unsaved edits.
    var unsavedSpecIDs: [String] { edits.unsavedIDs }

    /// Every variable in force, as `vars` lists it.
    func variableRows() -> [VariableRow] { VariableRow.rows(in: context()) }

    /// The run order of `names`.
    func runOrder(_ names: [String]) throws(ExplorerError) -> [String] {
        try SpecSelection(context()).runOrder(names)
    }

    /// Starts from the spec index's `listing` until `waitUntilLoaded()` reads every file.
    func loadSpecs(listing: [SpecListing]) { follower.listing = listing }

    /// `export har`'s document.
    func exportHARDocument(
        names: [String], from source: HARExportSource
    ) async throws(ExplorerError) -> (document: HARDocument, warnings: [String]) {
        try await HARExport(context()).document(names: names, from: source)
    }

    /// Stores recorded answers as `import --into-cache` does.
    func storeRecorded(
        _ items: [(id: String, recorded: RecordedResponse)]
    ) async throws(ExplorerError) -> RecordedStoreSummary {
        try await RecordedAnswers(context()).store(items.map(RecordedItem.init))
    }

    /// `import FORMAT SOURCE` as the command runs it.
    func importCollection(_ request: CollectionImport.Request, dryRun: Bool) async throws(ExplorerError)
        -> ImportOutcome
    {
        guard case .imported(let outcome) = try await run(.importCollection(request, dryRun: dryRun)) else {
            throw ExplorerError(.usage, "no import outcome")
        }
        return outcome
    }

    /// `storeRecorded(_:)` on a session of its own over `workspace` (already holding the imported specs)
    /// in `environment` (`nil`: the workspace's default), storing in `storage`.
    static func storeRecorded(
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
