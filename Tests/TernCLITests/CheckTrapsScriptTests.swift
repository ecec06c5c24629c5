import Foundation
import TernTesting
import Testing

/// `scripts/check-traps.sh`, the CI guard against code that can trap on input.
@Suite("scripts/check-traps.sh")
struct CheckTrapsScriptTests {
    static let script = Tern.packageRoot.appendingPathComponent("scripts/check-traps.sh")

    private func run(on source: String) async throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("traps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(source.utf8).write(to: folder.appendingPathComponent("Sample.swift"))
        let outcome = try await ChildProcess.run("/bin/bash", [Self.script.path, folder.path])
        return (outcome.status, outcome.text)
    }

    @Test("every trapping form is reported once, with its line")
    func reportsTraps() async throws {
        let lines = [
            "let a = try! load()", "let b = x as! Int", "fatalError(\"boom\")", "precondition(x > 0)",
            "let c = f()!", "let d = list[0]!", "let e = maybe!.count", "let f = maybe! + 1",
            "let g = Int(seconds * 1e9)", "let h = Int64(value.rounded())",
        ]
        let result = try await run(on: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 1)
        for number in 1...lines.count {
            #expect(result.output.contains("Sample.swift:\(number): "), "line \(number): \(result.output)")
        }
        #expect(result.output.contains("check-traps: 10 line(s)"))
    }

    @Test("total forms, comparisons, strings, comments and annotated lines pass")
    func acceptsSafeCode() async throws {
        let source = """
            let a = b != c
            let b = a!=c
            let c = !flag
            let d = "try! and fatalError( in a string" // and x! in a comment
            let e = Int(saturating: x * 1e9)
            let f = Int(exactly: y.rounded()) ?? 0
            let g = try! literal() // trap-checked: a constant, not input

            """
        let result = try await run(on: source)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("the package's Sources pass")
    func sourcesPass() async throws {
        let outcome = try await ChildProcess.run("/bin/bash", [Self.script.path], timeout: 300)
        #expect(outcome.status == 0, "\(outcome.text)")
    }
}
