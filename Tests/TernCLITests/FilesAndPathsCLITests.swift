import Foundation
import Testing

@Suite("tern and files: symlinked uploads, files outside the workspace, first use at once")
struct FilesAndPathsCLITests {
    @Test("a multipart file that is a symlink is uploaded whole by tern send")
    func symlinkedUpload() async throws {
        try await withDemo { demo in
            let files = demo.root.appendingPathComponent("files")
            let notes = files.appendingPathComponent("notes.txt")
            let real = files.appendingPathComponent("real-notes.txt")
            try FileManager.default.moveItem(at: notes, to: real)
            try FileManager.default.createSymbolicLink(atPath: notes.path, withDestinationPath: "real-notes.txt")
            let result = try await Tern.run(demo.arguments("send", "upload"))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(#""bytes":"#), "\(result.stdout)")
        }
    }

    @Test("a body file outside the workspace is a 'tern: warning' on load, and the command still runs")
    func outsideWarning() async throws {
        try await withDemo { demo in
            try demo.write("specs/outside.yaml", "method: POST\npath: /upload\nbody:\n  file: ../elsewhere.bin\n")
            let result = try await Tern.run(demo.arguments("list"))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("tern: warning: "))
            #expect(result.stderr.contains("the body file '../elsewhere.bin' is outside the workspace"))
        }
    }

    @Test("20 tern processes started at once on a workspace without .tern all succeed", .timeLimit(.minutes(5)))
    func concurrentFirstUse() async throws {
        try await withDemo { demo in
            let results = try await withThrowingTaskGroup(of: RunResult.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await Tern.run(demo.arguments("list")) }
                }
                return try await group.reduce(into: [RunResult]()) { $0.append($1) }
            }
            let failures = results.filter { $0.status != 0 }.map(\.stderr)
            #expect(results.count == 20)
            #expect(failures.isEmpty, "\(failures)")
        }
    }
}
