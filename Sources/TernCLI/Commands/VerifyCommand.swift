import ArgumentParser
import Foundation
import Tern
import TernExplorer

/// `tern verify [SPEC|GROUP]...`: is the cache still true? Live answers against stored ones.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Send specs live and compare each answer with the stored one (drift).",
        discussion: """
            Compares the status, the Content-Type and the JSON body field by field (key order ignored, \
            'verify: {ignore: [$.path]}' paths skipped); the live answer is not stored. Records on each \
            entry when it was verified and whether it drifted. Exit 0 when nothing drifted, 4 on drift, \
            1 when a live send failed, 2 for usage or workspace errors.
            """
    )

    @Argument(help: "Spec ids or group folders (default: every spec).")
    var specs: [String] = []

    @OptionGroup var workspace: WorkspaceOptions

    @OptionGroup var env: EnvironmentOption

    @OptionGroup var variables: VariableOptions

    func run() async throws {
        let values = try variables.values()
        let reports = try await OpenedWorkspace.with(workspace, .requests(environment: env.name, variables: values)) {
            opened in
            do throws(ExplorerError) {
                let output = try await opened.session.run(.verify(specs, allWhenEmpty: true))
                guard case .drift(let reports) = output else { return [DriftReport]() }
                return reports
            } catch {
                throw CommandFailure.usage(error.message)
            }
        }
        let color = StandardStream.output.usesColor
        for line in reports.flatMap(\.lines) {
            StandardStream.output.write((color ? Self.colored(line) : line) + "\n")
        }
        let drifted = reports.filter { $0.outcome == .drifted }.count
        let failed = reports.filter { if case .failed = $0.outcome { true } else { false } }.count
        let missing = reports.filter { $0.outcome == .nothingStored }.count
        StandardStream.error.write(
            "\(reports.count) verified: \(reports.count - drifted - failed - missing) unchanged, \(drifted) drifted, "
                + "\(missing) with nothing stored, \(failed) failed\n"
        )
        if drifted > 0 { throw CommandFailure.silent(.failedCheck) }
        if failed > 0 { throw CommandFailure.silent(.failure) }
    }

    /// A report line coloured by what it says (green ✓ and +, red ✗ - !, yellow ~).
    static func colored(_ line: String) -> String {
        let code: String
        switch line.trimmingWhitespace().first {
        case "✓", "+": code = "32"
        case "✗", "-", "!": code = "31"
        case "~": code = "33"
        default: return line
        }
        return "\u{1B}[\(code)m\(line)\u{1B}[0m"
    }
}
