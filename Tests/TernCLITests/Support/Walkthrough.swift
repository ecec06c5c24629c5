import Foundation
import TernTesting
import Testing

/// A docs page's walk-through, run as a reader types it: the `sh` block that opens with
/// `alias tern=.build/debug/tern`, line by line, in order, from the root of a copy of the repository (the
/// binary, `scripts/` and `Sources/` linked in), with a clean `HOME`. The line that starts a server in the
/// background (`… &`) starts it and waits until it listens on `port`; `kill %1` stops it. Each other line
/// must end with the status its comment names (`exit N`, else 0) and print what `expectations` says for it,
/// keyed by the line without `prefix`. A line the test does not know fails it, so page and test change together.
struct Walkthrough {
    /// The page, from the repository's root (`docs/grpc.md`).
    var page: String
    /// What every `tern` line starts with (`tern grpc grpc://127.0.0.1:50051 `).
    var prefix: String
    /// The start of the background line that starts the server, and the port it listens on.
    var server: (command: String, port: Int)
    /// What each line prints (stdout and stderr together), by the line after `prefix`.
    var expectations: [String: [String]]

    /// The block's lines, each with its comment (after `   # `).
    func lines() throws -> [(command: String, comment: String)] {
        let text = try String(contentsOf: Tern.packageRoot.appendingPathComponent(page), encoding: .utf8)
        let opening = "```sh\nalias tern=.build/debug/tern\n"
        let start = try #require(text.range(of: opening), "\(page) has its walk-through block")
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").map { line in
            guard let hash = line.range(of: "   # ") else { return (line.trimmingCharacters(in: .whitespaces), "") }
            return (
                line[..<hash.lowerBound].trimmingCharacters(in: .whitespaces),
                line[hash.upperBound...].trimmingCharacters(in: .whitespaces)
            )
        }
    }

    /// Runs every line; the server is stopped at the end whatever happens.
    func run() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tern-doc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let root = scratch.appendingPathComponent("tern")
        let debug = root.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: debug, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: debug.appendingPathComponent("tern"), withDestinationURL: Tern.binary)
        for folder in ["scripts", "Sources"] {
            try FileManager.default.createSymbolicLink(
                at: root.appendingPathComponent(folder),
                withDestinationURL: Tern.packageRoot.appendingPathComponent(folder))
        }
        let home = scratch.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("XDG_") && !$0.key.hasPrefix("TERN_")
        }
        environment["HOME"] = home.path
        var started: ChildProcess?
        let lines = try lines()
        #expect(lines.count >= 8, "the walk-through has its lines")
        do {
            try await run(lines, root: root, scratch: scratch, environment: environment, server: &started)
        } catch {
            await started?.stop()
            throw error
        }
        await started?.stop()
    }

    private func run(
        _ lines: [(command: String, comment: String)], root: URL, scratch: URL, environment: [String: String],
        server started: inout ChildProcess?
    ) async throws {
        let alias = "alias tern=.build/debug/tern"
        for (command, comment) in lines {
            let script = command.replacingOccurrences(of: "/tmp/", with: scratch.path + "/")
            if command.hasSuffix("&") {
                #expect(command.hasPrefix(server.command), "\(command)")
                let arguments = script.dropLast().split(separator: " ").map(String.init)
                started = try ChildProcess(
                    root.appendingPathComponent(arguments[0]).path, Array(arguments.dropFirst()), in: root.path,
                    environment: environment, output: .null, error: .null)
                let listening = await FreePort.waitUntilListening(server.port, seconds: 30)
                try #require(listening, "the server listens on 127.0.0.1:\(server.port)")
                continue
            }
            if command == "kill %1" {
                await started?.stop()
                started = nil
                continue
            }
            let rest = try #require(
                command.hasPrefix(prefix) ? String(command.dropFirst(prefix.count)) : nil,
                "'\(command)' does not start with '\(prefix)': teach this test what it does")
            let expected = try #require(
                expectations[rest], "the line '\(command)' is new: add what it prints to this test")
            let outcome = try await ChildProcess.run(
                "/bin/sh", ["-c", alias + "\n" + script], in: root.path, environment: environment, joinErrors: true,
                timeout: 90)
            let status = comment.range(of: #"exit (\d+)"#, options: .regularExpression).flatMap {
                Int32(comment[$0].dropFirst("exit ".count))
            }
            #expect(
                outcome.status == status ?? 0,
                "'\(command)' exited \(outcome.status), its comment says '\(comment)':\n\(outcome.text)")
            for text in expected {
                #expect(outcome.text.contains(text), "'\(command)' should print '\(text)':\n\(outcome.text)")
            }
        }
    }
}
