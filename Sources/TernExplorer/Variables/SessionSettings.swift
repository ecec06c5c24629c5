import Foundation
package import Tern
package import TernWorkspace

/// What a session sends with, above the workspace's files: the environment, the mode, the variables
/// set for the session and the redirect policy. The settings concept's state.
package struct SessionSettings: Sendable {
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

    /// `mode MODE`: where responses come from from now on; says so.
    mutating func switchMode(_ newMode: ResponseMode) -> String {
        mode = newMode
        return "mode \(newMode.rawValue)"
    }

    /// `env NAME`: the environment of `workspace` from now on; an unknown one is an error naming the known ones.
    mutating func switchEnvironment(_ name: String, in workspace: Workspace) throws(ExplorerError) -> String {
        guard workspace.environments[name] != nil else {
            throw ExplorerError(.workspace, workspace.unknownEnvironment(name).description)
        }
        environment = name
        return "environment \(name)"
    }

    /// `redirects [follow|off|N]`: sets the redirect policy (none: keeps it); says what is in force for `spec`.
    mutating func switchRedirects(
        _ policy: RedirectPolicy?, for spec: SpecDefinition?, in workspace: Workspace
    ) -> String {
        if let policy { redirectOverride = policy }
        return "redirects: \(Self.describe(redirects(for: spec, in: workspace)))"
    }

    /// `set var NAME VALUE` / `unset var NAME`: a session variable; says what changed.
    mutating func setVariable(_ name: String, _ value: String?) -> String {
        variables[name] = value
        return value == nil ? "unset var \(name)" : "set var \(name)"
    }

    /// `follow, up to 10 hops` or `off`.
    static func describe(_ policy: RedirectPolicy) -> String {
        policy.follow ? "follow, up to \(policy.maximum) hop\(policy.maximum == 1 ? "" : "s")" : "off"
    }

    /// The mode a session starts in: the one chosen (`--mode`), else the workspace's `handler.mode` when it
    /// names one, else the command's own (`run`: live), else `normal`. The one place a mode is defaulted.
    package static func startingMode(
        chosen: ResponseMode?, commandDefault: ResponseMode?, in workspace: Workspace
    ) -> ResponseMode {
        chosen ?? (workspace.handler.declaresMode ? workspace.handler.mode : commandDefault ?? workspace.handler.mode)
    }
}
