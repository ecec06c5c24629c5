import Foundation
import TernExplorer

/// Shows long text through `$PAGER` (default `less -R`) on the terminal.
enum Pager {
    /// The pager command in force.
    static func command(in environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let pager = environment["PAGER"]?.trimmingCharacters(in: .whitespaces), !pager.isEmpty { return pager }
        return "less -R"
    }

    /// Pipes `text` into the pager; `false` when the pager could not run (the caller prints instead).
    static func show(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) async -> Bool
    {
        var environment = environment
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }  // quit at once if it fits, keep colours
        guard
            let status = try? await ForegroundProcess.run(
                shell: command(in: environment), environment: environment, input: Data(text.utf8))
        else { return false }
        return ![126, 127].contains(status)  // the shell could not find or run the pager
    }
}
