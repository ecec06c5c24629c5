import Foundation
import TernTesting
import Testing

/// A workspace of hundreds of specs opens from the spec index: the first frame lists them before every
/// file is read, and keys typed ahead wait for the files, in order, so none is lost or misread.
@Suite("tern (the TUI) on a big workspace, in tmux", .serialized)
struct TUIBigWorkspaceEndToEndTests {
    /// 400 specs in 8 groups against the server at `baseURL`; `aaa/first` is the first spec of the tree.
    private static func bigWorkspace(_ baseURL: URL) throws -> TemporaryWorkspace {
        let workspace = try TemporaryWorkspace(copyingDemo: false)
        try workspace.write(
            "workspace.yaml", "name: Big\ntargets:\n  api:\n    baseURL: \"\(baseURL.absoluteString)\"\n")
        try workspace.write(
            "specs/aaa/first.yaml", "method: GET\npath: /users/1\nsample: {status: 200, body: {id: 1}}\n")
        for group in 0..<8 {
            for number in 0..<50 {
                try workspace.write(
                    "specs/group-\(group)/spec-\(number).yaml",
                    "method: GET\npath: /users/\(number % 3 + 1)\nquery: {page: \"\(number)\"}\n"
                        + "headers: {Accept: application/json}\nexpect:\n  status: 200\n")
            }
        }
        return workspace
    }

    @Test(
        "the tree from the index at 80×24; j Enter typed at once select the spec under the cursor, s sends it; G, g",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func typedAheadOnABigWorkspace() async throws {
        try await withMockServer { server in
            let workspace = try Self.bigWorkspace(server.baseURL)
            defer { workspace.remove() }
            // `tern list` writes the index (files settle first: rows of files younger than 2 s are not kept).
            let old = Date(timeIntervalSinceNow: -60)
            let files = FileManager.default.enumerator(atPath: workspace.root.appendingPathComponent("specs").path)
            while let relative = files?.nextObject() as? String {
                guard relative.hasSuffix(".yaml") else { continue }
                try FileManager.default.setAttributes(
                    [.modificationDate: old],
                    ofItemAtPath: workspace.root.appendingPathComponent("specs/\(relative)").path)
            }
            let listed = try await Tern.run(["list", "--workspace", workspace.root.path])
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(listed.stdout.split(separator: "\n").count == 401)
            #expect(
                FileManager.default.fileExists(atPath: workspace.root.appendingPathComponent(".tern/spec-index").path))

            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(
                "env LANG=C.UTF-8 NCURSES_NO_UTF8_ACS=1 TERM=xterm-256color '\(Tern.binary.path)' --workspace "
                    + "'\(workspace.root.path)'; echo TERN-EXITED:$?; sleep 20", width: 80, height: 24)
            // Typed before the tree may even be drawn: the keys wait for the files and act in order.
            try await tmux.type("j", "Enter")
            try await tmux.waitFor { $0.contains("│ aaa/first") && $0.contains("GET /users/1") }
            try await tmux.type("s")
            let screen = try await tmux.waitFor { $0.contains("aaa/first: 200 OK") && $0.contains("\"id\": 1") }
            #expect(screen.contains("aaa"), "\(screen)")
            try await tmux.type("/", "spec-49", "Enter")
            try await tmux.waitFor { $0.contains("spec-49") }
            // The tree's ends, the filter cleared: G to the last row (a spec), g to the first (its group).
            try await tmux.type("/", "Escape")
            try await tmux.waitFor { !$0.contains("filter: spec-49") }
            try await tmux.type("G", "Enter")
            try await tmux.waitFor { $0.contains("│ group-7/spec-9") }
            try await tmux.type("g", "j", "Enter")
            try await tmux.waitFor { $0.contains("│ aaa/first") }
            try await tmux.type("q", "q")
            let end = try await tmux.waitFor("TERN-EXITED:")
            #expect(end.contains("TERN-EXITED:0"), "\(end)")
        }
    }

    @Test(
        "on a big workspace that uses {{mock}}, the first frame comes from the index and the mock serves the samples",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"))
    func embeddedMockServesSamplesReadBehindTheFirstFrame() async throws {
        let workspace = try TemporaryWorkspace(copyingDemo: false)
        defer { workspace.remove() }
        try workspace.write(
            "workspace.yaml",
            "name: Big\ndefaultEnvironment: local\ntargets:\n  api:\n    baseURL: \"{{baseURL}}\"\n")
        try workspace.write("environments/local.yaml", "baseURL: \"{{mock}}\"\n")
        try workspace.write(
            "specs/aaa/first.yaml",
            "method: GET\npath: /sampled/first\nsample: {status: 200, body: {served: from-the-sample}}\n")
        for number in 0..<300 {
            try workspace.write(
                "specs/group-\(number % 6)/spec-\(number).yaml",
                "method: GET\npath: /sampled/\(number)\nsample: {status: 200, body: {number: \(number)}}\n")
        }
        let listed = try await Tern.run(["list", "--workspace", workspace.root.path])
        #expect(listed.status == 0, "\(listed.stderr)")

        let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
        defer { tmux.kill() }
        try await tmux.start(
            "env LANG=C.UTF-8 NCURSES_NO_UTF8_ACS=1 TERM=xterm-256color '\(Tern.binary.path)' --workspace "
                + "'\(workspace.root.path)'; echo TERN-EXITED:$?; sleep 20", width: 120, height: 40)
        try await tmux.type("j", "Enter")
        try await tmux.waitFor { $0.contains("GET /sampled/first") }
        try await tmux.type("s")
        let screen = try await tmux.waitFor { $0.contains("aaa/first: 200 OK") && $0.contains("from-the-sample") }
        #expect(!screen.contains("404"), "\(screen)")
        try await tmux.type("q", "q")
        let end = try await tmux.waitFor("TERN-EXITED:")
        #expect(end.contains("TERN-EXITED:0"), "\(end)")
    }
}
