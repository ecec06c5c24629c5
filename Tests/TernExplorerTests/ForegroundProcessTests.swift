import Foundation
import Testing

@testable import TernExplorer

@Suite("Foreground processes: editor and pager")
struct ForegroundProcessTests {
    @Test("feeds input to the program's stdin and returns its exit status")
    func inputAndStatus() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tern-fg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let status = try await ForegroundProcess.run(
            shell: #"cat > "$1"; exit 3"#, arguments: [file.path], environment: ProcessInfo.processInfo.environment,
            input: Data("piped text".utf8)
        )
        #expect(status == 3)
        #expect(try String(contentsOf: file, encoding: .utf8) == "piped text")
        #expect(try await ForegroundProcess.run(shell: "no-such-command-tern", environment: [:]) == 127)
    }

    @Test("a reader that stops early does not hang or end the writer")
    func earlyExit() async throws {
        let big = Data(repeating: UInt8(ascii: "x"), count: 4_000_000)
        #expect(try await ForegroundProcess.run(shell: "head -c 10 >/dev/null", environment: [:], input: big) == 0)
    }

    @Test("ExternalEditor runs $EDITOR on a file and reads it back; a failing editor leaves the text unchanged")
    func editor() async throws {
        let edited = try await ExternalEditor.edit(
            "hello", environment: ["EDITOR": #"sed -i s/hello/bye/"#, "PATH": "/usr/bin:/bin"])
        #expect(edited == "bye")
        await #expect(throws: ExternalEditor.Failure.self) {
            try await ExternalEditor.edit("hello", environment: ["EDITOR": "false", "PATH": "/usr/bin:/bin"])
        }
    }
}
