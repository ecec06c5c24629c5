import Foundation
import TernTesting
import Testing

/// A secret store that came with a clone runs no command until the user allows it, per workspace and
/// exact command text, and a store reached through a symbolic link is neither read nor written.
@Suite("tern secrets allow: cloned secret commands", .serialized)
struct SecretCommandApprovalCLITests {
    /// A clean HOME and XDG folders, so no approval of the machine's user counts.
    private static func cleanHome() throws -> (environment: [String: String], folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let environment = [
            "HOME": folder.path, "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "PATH": "/usr/bin:/bin",
        ]
        return (environment, folder)
    }

    private static func store(marker: URL, value: String) -> String {
        "token:\n  command: \"touch '\(marker.path)'; printf \(value)\"\n"
    }

    @Test("a cloned command secret: send refuses and runs nothing; allow runs it; a changed command is refused")
    func clonedCommandNeedsApproval() async throws {
        let (environment, home) = try Self.cleanHome()
        defer { try? FileManager.default.removeItem(at: home) }
        try await withDemo { workspace in
            let marker = home.appendingPathComponent("ran-first")
            // As a clone brings it: the store is in the repository, nobody here wrote it.
            try workspace.write(".tern/secrets.yaml", Self.store(marker: marker, value: "cloned-token"))
            try workspace.write(
                "specs/with-command.yaml",
                """
                method: GET
                path: "{{mock}}/echo"
                headers:
                  Authorization: "Bearer {{secret:token}}"
                """)
            let refused = try await Tern.run(
                workspace.arguments("send", "with-command", "--mode", "live"), environment: environment)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("tern secrets allow token"), "\(refused.stderr)")
            #expect(refused.stderr.contains("touch '\(marker.path)'"), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: marker.path))
            let curl = try await Tern.run(
                workspace.arguments("export", "curl", "with-command"), environment: environment)
            #expect(!FileManager.default.fileExists(atPath: marker.path), "\(curl.stdout)\(curl.stderr)")
            let listed = try await Tern.run(workspace.arguments("secrets", "allowed"), environment: environment)
            #expect(listed.stdout.contains("NOT ALLOWED"), "\(listed.stdout)")

            let allowed = try await Tern.run(
                workspace.arguments("secrets", "allow", "token"), environment: environment)
            #expect(allowed.status == 0, "\(allowed.stderr)")
            #expect(allowed.stderr.contains("touch '\(marker.path)'"), "\(allowed.stderr)")
            #expect(!FileManager.default.fileExists(atPath: marker.path))
            let approvals = home.appendingPathComponent("state/tern/secret-commands.json")
            let mode = try #require(
                FileManager.default.attributesOfItem(atPath: approvals.path)[.posixPermissions] as? Int)
            #expect(mode & 0o777 == 0o600)

            let sent = try await Tern.run(
                workspace.arguments("send", "with-command", "--mode", "live"), environment: environment)
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(FileManager.default.fileExists(atPath: marker.path))
            #expect(sent.stdout.contains("Bearer cloned-token"), "\(sent.stdout)")

            // A changed command is a new command: refused until allowed again.
            let second = home.appendingPathComponent("ran-second")
            try workspace.write(".tern/secrets.yaml", Self.store(marker: second, value: "changed-token"))
            let changed = try await Tern.run(
                workspace.arguments("send", "with-command", "--mode", "live"), environment: environment)
            #expect(changed.status != 0)
            #expect(changed.stderr.contains("changed since you allowed it"), "\(changed.stderr)")
            #expect(changed.stderr.contains("tern secrets allow token"), "\(changed.stderr)")
            #expect(!FileManager.default.fileExists(atPath: second.path))

            // Allowed again, then denied: refused once more.
            _ = try await Tern.run(workspace.arguments("secrets", "allow", "token"), environment: environment)
            let denied = try await Tern.run(workspace.arguments("secrets", "deny", "token"), environment: environment)
            #expect(denied.status == 0, "\(denied.stderr)")
            let afterDeny = try await Tern.run(
                workspace.arguments("send", "with-command", "--mode", "live"), environment: environment)
            #expect(afterDeny.status != 0)
            #expect(!FileManager.default.fileExists(atPath: second.path))

            // What the user writes with 'secrets set --command' is theirs: it runs.
            let typed = try await Tern.run(
                workspace.arguments("secrets", "set", "token", "--command", "touch '\(second.path)'; printf mine"),
                environment: environment)
            #expect(typed.status == 0, "\(typed.stderr)")
            let own = try await Tern.run(
                workspace.arguments("send", "with-command", "--mode", "live"), environment: environment)
            #expect(own.status == 0, "\(own.stderr)")
            #expect(FileManager.default.fileExists(atPath: second.path))
        }
    }

    @Test("a .tern/secrets.yaml that is a symbolic link is neither written through nor read")
    func storeThroughALink() async throws {
        let (environment, home) = try Self.cleanHome()
        defer { try? FileManager.default.removeItem(at: home) }
        try await withDemo { workspace in
            let tracked = workspace.root.appendingPathComponent("tracked.yaml")
            try workspace.write("tracked.yaml", "# a tracked file\n")
            try FileManager.default.createDirectory(
                at: workspace.root.appendingPathComponent(".tern"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: workspace.root.appendingPathComponent(".tern/secrets.yaml").path,
                withDestinationPath: tracked.path)
            let set = try await Tern.run(
                workspace.arguments("secrets", "set", "apiToken", "t0k3n-leaked"), environment: environment)
            #expect(set.status != 0)
            #expect(set.stderr.contains("symbolic link"), "\(set.stderr)")
            #expect(try String(contentsOf: tracked, encoding: .utf8) == "# a tracked file\n")

            try workspace.write("tracked.yaml", "apiToken: from-the-link\n")
            let list = try await Tern.run(
                workspace.arguments("secrets", "list", "--reveal"), environment: environment)
            #expect(list.status != 0)
            #expect(!list.stdout.contains("from-the-link"), "\(list.stdout)")
            #expect(list.stderr.contains("symbolic link"), "\(list.stderr)")
        }
    }
}
