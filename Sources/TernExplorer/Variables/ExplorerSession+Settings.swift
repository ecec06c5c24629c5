package import Tern
import TernWorkspace

/// The session's settings: the environment, the mode and the redirect policy every send uses.
extension ExplorerSession {
    /// `mode MODE`: where responses come from from now on; says so.
    package func switchMode(_ newMode: ResponseMode) -> String {
        setMode(newMode)
        changed()
        return "mode \(newMode.rawValue)"
    }

    /// `env NAME`: the environment from now on; an unknown one is an error naming the known ones.
    package func switchEnvironment(_ name: String) throws(ExplorerError) -> String {
        guard workspace.environments[name] != nil else {
            throw ExplorerError(.workspace, workspace.unknownEnvironment(name).message)
        }
        setEnvironment(name)
        changed()
        return "environment \(name)"
    }

    /// `redirects [follow|off|N]`: sets this session's redirect policy (none: keeps it); says what is in force.
    package func switchRedirects(_ policy: RedirectPolicy?) -> String {
        if let policy {
            setRedirects(policy)
            changed()
        }
        return "redirects: \(Self.describe(redirects))"
    }

    /// `vars clear [NAME]...`: forgets captured values (all of the environment's when `names` is empty).
    package func forgetCaptured(_ names: [String]) throws(ExplorerError) -> String {
        try clearCaptured(names)
        changed()
        return names.isEmpty ? "forgot the captured values" : "forgot \(names.joined(separator: ", "))"
    }
}
