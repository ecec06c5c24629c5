package import Foundation
import Tern
package import TernWorkspace

/// Writes specs as a locustfile: the same requests, sent by Locust's users in the run order (a spec
/// after the specs it requires), so a collection runs on Locust's distributed master and workers.
///
/// Templates are rendered by the locustfile when each request is made: the environment's values are
/// written in it (`VARIABLES`), `TERN_VAR_<name>` in the process environment overrides one, and
/// `{{env:NAME}}` / `{{secret:NAME}}` read the process environment, so no secret is in the file.
/// Captures are kept per Locust user; expectations are checks that mark a request failed.
package enum LocustExport {
    /// The locustfile for `entries` (in run order) with `environment`'s variables.
    package static func file(of workspace: Workspace, entries: [SpecEntry], environment: String?) -> Data {
        var notes: [String] = []
        var tasks: [String] = []
        var names = Set<String>()
        for entry in entries {
            var name = LocustPython.identifier(entry.id)
            while !names.insert(name).inserted { name += "_" }
            tasks.append(
                contentsOf: LocustTask(workspace: workspace, entry: entry, function: name).lines(notes: &notes))
        }
        let values = environment.flatMap { workspace.environments[$0] }?.variables ?? []
        var lines = [
            "# Exported by Tern (tern export locust) from the workspace \(LocustPython.comment(workspace.name))"
                + (environment.map { ", environment \(LocustPython.comment($0))" } ?? "") + ".",
            "# The requests of \(entries.count) spec\(entries.count == 1 ? "" : "s"), "
                + "in the order tern run sends them.",
            "#   locust -f locustfile.py --headless -u 10 -r 10 -t 1m",
            "#   locust -f locustfile.py --master --headless ...  and  locust -f locustfile.py --worker",
            "# {{name}} is TERN_VAR_<name> from the process environment, else the value below; {{env:NAME}} and",
            "# {{secret:NAME}} are read from the process environment when a request is made:",
            "# no secret is written here.",
        ]
        lines += notes.map { "# note: " + $0 }
        lines += undefinedVariables(of: workspace, entries: entries, environment: environment).map { "# note: " + $0 }
        lines += LocustPython.prelude
        lines.append("VARIABLES = {")
        for variable in values {
            // A credential written in clear in the environment stays home: TERN_VAR_<name> gives it.
            let clear = CredentialName.isCredential(variable.name) && !variable.value.contains("{{")
            if clear { continue }
            lines.append("    \(LocustPython.string(variable.name)): \(LocustPython.string(variable.value)),")
        }
        lines.append("}")
        lines += [
            "", "", "class Collection(SequentialTaskSet):", "    def on_start(self):", "        self.values = {}",
        ]
        lines += tasks
        lines += [
            "", "", "class TernUser(HttpUser):", "    tasks = [Collection]", "    wait_time = constant(0)",
            "    host = os.environ.get(\"TERN_LOCUST_HOST\", \"http://127.0.0.1\")", "",
        ]
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// A sentence for each variable the specs read that nothing defines: not the environment, not a capture
    /// of an exported spec. Locust would fail every request that reads one (`undefined variable`) unless
    /// `TERN_VAR_<name>` is set where it runs. Each names the specs that read it and close matches.
    package static func undefinedVariables(
        of workspace: Workspace, entries: [SpecEntry], environment: String?
    ) -> [String] {
        let chosen = environment.flatMap { workspace.environments[$0] }
        var defined = Set(chosen?.variables.map(\.name) ?? [])
        for entry in entries { defined.formUnion(entry.spec.capture.map(\.name)) }
        var readers: [String: [String]] = [:]
        for entry in entries {
            for name in workspace.variablesRead(by: entry) where !defined.contains(name) {
                readers[name, default: []].append(entry.id)
            }
        }
        let place = chosen.map { "environment '\($0.name)' does not define it" } ?? "no environment is chosen"
        return readers.keys.sorted().map { name in
            var line = "undefined variable '\(name)'"
            if let match = Suggestions.closeMatches(to: name, in: defined.sorted()).first {
                line += " (did you mean '\(match)'?)"
            }
            let specs = readers[name] ?? []
            return line + " in \(specs.joined(separator: ", ")): \(place) and no exported spec captures it; "
                + "set TERN_VAR_\(name) where Locust runs, or its requests fail"
        }
    }
}
