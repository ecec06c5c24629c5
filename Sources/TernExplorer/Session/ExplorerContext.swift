import Foundation
import Tern
import TernWorkspace

/// What an operation sees of the session when it starts: the workspace with the user's edits and the
/// session's settings (values, as they were then), the fixed services, and the concepts that keep their own
/// state (secrets, captures, contracts, conversations). Concept types take it, do their work and report
/// what they changed; the session alone holds the state between commands.
struct ExplorerContext: Sendable {
    /// The workspace as loaded, plus saved specs.
    let workspace: Workspace
    /// The environment, mode, variables and redirect policy sends use.
    var settings: SessionSettings
    /// The selected spec and the unsaved edits.
    let edits: SpecEdits
    /// The handler, the stores, the activity log, cookies and sign-ins.
    let services: SessionServices
    /// The secret store, the session's secrets and the redactors.
    let secrets: SecretBook
    /// Captured values, the data row and the latest response.
    let captures: CaptureBook
    /// The OpenAPI descriptions contract checks read.
    let contracts: ContractBook
    /// The conversations held open.
    let conversations: ConversationHost

    /// The handler every send goes through.
    var handler: Handler { services.handler }

    /// Where responses come from.
    var mode: ResponseMode { settings.mode }

    /// The environment in force: the chosen one, else the workspace's default.
    var activeEnvironment: String? { settings.activeEnvironment(in: workspace) }

    /// The spec `name` (or the selected one) with this session's edits.
    func entry(_ name: String?) throws(ExplorerError) -> SpecEntry {
        try edits.entry(name, in: workspace)
    }

    /// The `requires:` graph of the workspace, seen through this session's edits.
    var requiresGraph: RequiresGraph { RequiresGraph(workspace: workspace, edits: edits) }

    /// The fully resolved request of `entry` in the current environment (or `other`, as `diff --with`
    /// compares), mode and variables, partitioned by that environment in the cache and carrying the
    /// `{{env:…}}` values it must never write down.
    func resolve(_ entry: SpecEntry, environment other: String? = nil) throws(ExplorerError) -> Request {
        let context = templateContext(environment: other)
        var request: Request
        do {
            request = try workspace.request(for: entry, context: context)
        } catch {
            throw ExplorerError(.workspace, AdHocSpec.isTyped(entry) ? AdHocSpec.typed(error) : error.description)
        }
        request.cachePartition = other ?? settings.environment ?? workspace.defaultEnvironment
        request.secretValues = secretValues(including: entry.spec)
        request.answerCarriesSecrets = entry.spec.capture.contains { SecretMask.looksSecret($0.name) }
        request.identityURL = services.mockFiling?.filed(request.url)
        if let policy = settings.redirectOverride { request.redirectPolicy = policy }
        return request
    }

    /// `request` marked for the cookie interceptor (`--no-cookies`, a spec's `cookies: false`).
    ///
    /// The interceptor adds the jar's cookies after the storage key is made, so they are not part of
    /// the request's identity: cookies rotate with every sign-in, and keying by them would make every
    /// recorded answer unreachable offline after the next login (see docs/cache.md).
    func withCookies(_ request: Request, spec: SpecDefinition) -> Request {
        var request = request
        request.usesCookies = services.usesCookies && spec.cookies
        return request
    }

    /// What templates render with: the environment (or `other`), variables, captures and secrets.
    func templateContext(environment other: String? = nil) -> TemplateContext {
        var context = settings.templateContext(
            processEnvironment: services.processEnvironment,
            captured: captures.valuesInForce(activeEnvironment))
        if let other { context.environment = other }
        context.secrets = secrets.resolver(root: workspace.root)
        return context
    }

    /// Every secret value this session knows: what `{{env:…}}` and `{{secret:…}}` read (in `spec` too, when
    /// given: a typed request is no spec of the workspace), and the credentials it captured.
    func secretValues(including spec: SpecDefinition? = nil) -> [String] {
        secrets.values(in: workspace, edits: edits, including: spec).map(\.value)
            + captures.secretValues(activeEnvironment)
    }

    /// Masks what leaves the machine (exports, reports): the sensitive fields (`Authorization`, `Cookie`,
    /// `Set-Cookie`, the workspace's `redactHeaders`) and every secret value this session knows.
    func exportRedactor() -> Redactor {
        SecretBook.redactor(hiding: secretValues(), headers: workspace.handler.redactHeaders)
    }

    /// Runs a workspace operation, turning its error into an explorer error.
    func workspaceCall<T>(_ body: () throws(WorkspaceError) -> T) throws(ExplorerError) -> T {
        do {
            return try body()
        } catch {
            throw ExplorerError(.workspace, error.description)
        }
    }

    /// Tells the faces that the session's state changed.
    func changed() { services.changed() }
}
