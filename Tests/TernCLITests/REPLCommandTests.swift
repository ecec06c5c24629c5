import Foundation
import Testing

/// `tern repl` with stdin piped: the scripted mode of the real binary.
@Suite("tern repl (scripted)", .serialized)
struct REPLCommandTests {
    @Test("runs the commands it reads through the embedded mock and exits 0")
    func scriptSucceeds() async throws {
        try await withDemo { demo in
            let script = """
                # explore the demo
                ls
                use get-user
                send
                send
                cache list
                history
                quit
                """
            let result = try await Tern.run(demo.arguments("repl"), input: script)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("users/get-user"))
            #expect(result.stdout.contains("200 OK · LIVE"))
            #expect(result.stdout.contains("200 OK · CACHE"))
            #expect(result.stdout.contains("\"name\": \"Ada Lovelace\""))
            #expect(!result.stdout.contains("\u{1B}["), "no colours when not a terminal")
            #expect(!result.stdout.contains("> "), "no prompts")
            #expect(FileManager.default.fileExists(atPath: demo.root.appendingPathComponent(".tern/cache.sqlite").path))
        }
    }

    @Test("a failed command makes the exit status 1; the rest still runs; --mode and --env apply")
    func scriptFails() async throws {
        try await withDemo { demo in
            let result = try await Tern.run(
                demo.arguments("repl", "--mode", "cache"), input: "send get-user\nuse get-user\nshow\n")
            #expect(result.status == 1)
            #expect(result.stderr.contains("tern: error: line 1:"))
            #expect(result.stdout.contains("GET http://127.0.0.1:"))
            let shared = try await Tern.run(demo.arguments("repl", "--env", "shared"), input: "use get-user\nshow\n")
            #expect(shared.status == 0, "\(shared.stderr)")
            #expect(shared.stdout.contains("GET http://127.0.0.1:8787/users/2"))
        }
    }

    @Test("a line that is not a command exits 2 and suggests the closest; unsaved edits are mentioned")
    func usageErrors() async throws {
        try await withDemo { demo in
            let result = try await Tern.run(demo.arguments("repl"), input: "lst\nuse get-user\nset header X-Trace 1\n")
            #expect(result.status == 2)
            #expect(result.stderr.contains("line 1: unknown command 'lst'; did you mean 'ls'"))
            #expect(result.stderr.contains("unsaved edits in users/get-user were not saved"))
        }
    }
}
