import Foundation
import Tern
import TernWorkspace

/// What a session sends with, above the workspace's files: the environment, the mode, the variables
/// set for the session and the redirect policy. The settings concept's state.
struct SessionSettings: Sendable {
    /// The chosen environment (`nil`: the workspace's default).
    var environment: String?
    /// Where responses come from.
    var mode: ResponseMode
    /// Session variables (`--var`, `set var`), above the environment's.
    var variables: [String: String]
    /// The fields of the data row a run is on (`run --data`): above captured values and the
    /// environment's, below `variables`. Empty outside such a run.
    var rowValues: [String: String] = [:]
    /// The redirect policy set for this session (`redirects`, `--no-follow`), over the specs'.
    var redirectOverride: RedirectPolicy?

    /// The environment in force in `workspace`: the chosen one, else its default.
    func activeEnvironment(in workspace: Workspace) -> String? { environment ?? workspace.defaultEnvironment }

    /// The redirect policy a send of `spec` follows: the session's, the spec's, the workspace's.
    func redirects(for spec: SpecDefinition?, in workspace: Workspace) -> RedirectPolicy {
        redirectOverride ?? spec?.redirects ?? workspace.handler.redirects
    }

    /// What templates in `workspace` read: these settings, the process environment and `captured` values.
    func templateContext(processEnvironment: [String: String], captured: [String: String]) -> TemplateContext {
        var context = TemplateContext(
            environment: environment, overrides: variables, processEnvironment: processEnvironment)
        // A row's field hides a value captured under its name: the row is what this pass is about.
        context.captured = rowValues.isEmpty ? captured : captured.merging(rowValues) { $1 }
        return context
    }
}
