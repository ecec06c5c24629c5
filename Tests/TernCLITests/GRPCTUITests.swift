import Foundation
import TernTesting
import Testing

/// A gRPC target in the TUI against the grpcio interop server, at 80×24 and 120×40: its methods in the
/// tree from reflection, a method opened with its message template, the message edited in `$EDITOR` and
/// sent, the streamed answer's Conversation and Headers, and `:save NAME` keeping it as a spec.
@Suite(
    "gRPC in the TUI", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: GRPCInteropServer.unavailable == nil, "\(GRPCInteropServer.unavailable ?? "")"))
struct GRPCTUITests {
    @Test(
        "pick a method in the tree, edit its template, send it, see the stream and the status, :save it",
        .enabled(if: TmuxSession.path != nil, "tmux is not installed (make deps installs it)"),
        arguments: [(80, 24), (120, 40)])
    func pickEditSendSave(width: Int, height: Int) async throws {
        try await GRPCInteropServer.with { server in
            let workspace = try TemporaryWorkspace(copyingDemo: false)
            defer { workspace.remove() }
            try workspace.write(
                "workspace.yaml",
                """
                name: gRPC in the TUI
                targets:
                  svc:
                    baseURL: \(server.address)
                    grpc: {descriptors: reflection}
                """)
            // An editor that writes a new message over the template, as a person would, and leaves.
            let editor = workspace.root.appendingPathComponent("edit.sh")
            let message = #"{"responseParameters": [{"size": 2}, {"size": 3}]} // two answers"#
            try Data("#!/bin/sh\nprintf '%s\\n' '\(message)' > \"$1\"\n".utf8).write(to: editor)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
            let tmux = TmuxSession(tmux: try #require(TmuxSession.path))
            defer { tmux.kill() }
            try await tmux.start(
                "env EDITOR='\(editor.path)' " + TUIEndToEndTests.command(workspace), width: width, height: height)
            // The services come from reflection, off the UI task: "loading…" until then.
            try await tmux.waitFor { $0.contains("▾ svc") && $0.contains("▾ TestService") && !$0.contains("loading…") }
            try await tmux.type("/")
            try await tmux.type("StreamingOutputCall", "Enter")
            try await tmux.waitFor("⇣ StreamingOutp")
            try await tmux.type("Enter")
            var screen = try await tmux.waitFor("new request")
            screen = try await tmux.waitFor("responseParameters")
            if width >= 120 {
                #expect(screen.contains("//"), "the template writes each field's type as a comment:\n\(screen)")
            }
            try await tmux.type("e")
            try await tmux.waitFor("replaced (unsaved)")
            try await tmux.type("s")
            screen = try await tmux.waitFor("Conversation (3)")
            #expect(screen.contains("AAA=") && screen.contains("AAAA"), "both answers (2 and 3 bytes):\n\(screen)")
            try await tmux.type("3", "]")
            screen = try await tmux.waitFor("grpc-status: 0 OK")
            #expect(screen.contains("initial metadata"), "\(screen)")
            try await tmux.type(":", "save calls/stream", "Enter")
            try await tmux.waitFor("saved calls/stream")
            let saved = try String(
                contentsOf: workspace.root.appendingPathComponent("specs/calls/stream.yaml"), encoding: .utf8)
            #expect(saved.contains("method: grpc.testing.TestService/StreamingOutputCall"), "\(saved)")
            #expect(saved.contains("responseParameters"), "\(saved)")
            #expect(!saved.contains("//"), "\(saved)")
            try await tmux.type("q")
            screen = try await tmux.waitFor("TERN-EXITED:0")
            #expect(!(try await tmux.alternateScreenOn()), "the terminal is restored: \(screen)")
        }
    }
}
