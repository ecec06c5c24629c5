import Foundation
import TernTesting
import Testing

/// A download saved with -o: a stored answer is copied (or cloned) to the -o file, never shared with
/// it; a body that is not stored is moved into place. A run killed in the middle leaves a cache
/// that opens and replays what it stored.
@Suite("tern send -o keeps the stored answer its own; a killed run keeps its cache")
struct TransferAndRunCLITests {
    private static func stat(_ file: URL) -> (size: Int64, links: Int, inode: UInt64)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            let size = attributes[.size] as? Int, let links = attributes[.referenceCount] as? Int,
            let inode = attributes[.systemFileNumber] as? Int
        else { return nil }
        return (Int64(size), links, UInt64(inode))
    }

    @Test("a stored download and its -o file are two files: changing the -o file leaves the stored answer as sent")
    func storedDownloadIsCopied() async throws {
        try await withDemo { workspace in
            try workspace.write(
                "specs/files/mid.yaml", "target: api\nmethod: GET\npath: /bytes/300000\ntransaction: download\n")
            let output = workspace.root.appendingPathComponent("mid.bin")
            let sent = try await Tern.run(["send", "files/mid", "-o", output.path, "--workspace", workspace.root.path])
            #expect(sent.status == 0, "\(sent.stderr)")
            let saved = try #require(Self.stat(output))
            let sentBytes = try Data(contentsOf: output)
            #expect(saved.size == 300_000)
            #expect(saved.links == 1, "the -o file shares no inode with the stored body")
            let bodies = workspace.root.appendingPathComponent(".tern/bodies")
            let kept = try FileManager.default.contentsOfDirectory(atPath: bodies.path)
            #expect(kept.count == 1)
            #expect(!kept.contains { Self.stat(bodies.appendingPathComponent($0))?.inode == saved.inode })
            // The stored body stays owner-only; the new file gets the usual mode.
            for name in kept {
                let mode =
                    try FileManager.default.attributesOfItem(
                        atPath: bodies.appendingPathComponent(name).path)[.posixPermissions] as? Int
                #expect(mode.map { $0 & 0o077 } == 0, "\(name) is readable by others")
            }
            let mode = try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int
            #expect(mode.map { $0 & 0o044 } == 0o044)

            // Truncating and rewriting the -o file changes nothing stored: the replay is what the server sent.
            try Data("edited by the user".utf8).write(to: output)
            let second = workspace.root.appendingPathComponent("again.bin")
            let replay = try await Tern.run([
                "send", "files/mid", "--mode", "cache", "-o", second.path, "--workspace", workspace.root.path,
            ])
            #expect(replay.status == 0, "\(replay.stderr)")
            #expect(try Data(contentsOf: second) == sentBytes)
            #expect(Self.stat(second)?.links == 1)
        }
    }

    @Test("a download too big for the cache is moved into place, leaving nothing in the cache's folder")
    func unstoredDownloadIsMoved() async throws {
        try await withDemo { workspace in
            let manifest = try String(
                contentsOf: workspace.root.appendingPathComponent("workspace.yaml"), encoding: .utf8)
            try workspace.write(
                "workspace.yaml",
                manifest.replacingOccurrences(of: "handler:\n", with: "handler:\n  cacheMaxBytes: 100000\n"))
            try workspace.write(
                "specs/files/big.yaml", "target: api\nmethod: GET\npath: /bytes/250000\ntransaction: download\n")
            let output = workspace.root.appendingPathComponent("big.bin")
            try Data("old content".utf8).write(to: output)
            let sent = try await Tern.run(["send", "files/big", "-o", output.path, "--workspace", workspace.root.path])
            #expect(sent.status == 0, "\(sent.stderr)")
            let saved = try #require(Self.stat(output))
            #expect(saved.size == 250_000)
            #expect(saved.links == 1)
            let bodies = workspace.root.appendingPathComponent(".tern/bodies")
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: bodies.path)) ?? []).isEmpty)
            let folder = try FileManager.default.contentsOfDirectory(atPath: workspace.root.path)
            #expect(!folder.contains { $0.hasSuffix(".tmp") }, "no temporary file left beside the output")
        }
    }

    @Test("a run killed in the middle leaves a cache that opens and replays the answers it stored")
    func killedRun() async throws {
        try await withDemo { workspace in
            var environment = ProcessInfo.processInfo.environment
            environment["TERN_WORKSPACE"] = nil
            environment["NO_COLOR"] = "1"
            let process = try ChildProcess(
                Tern.binary.path,
                ["run", "users/get-user", "--repeat", "1000", "--mode", "live", "--workspace", workspace.root.path],
                environment: environment,
                output: .pipe)
            var lines = 0
            while lines < 150, await ChildProcess.line(from: process.standardOutput) != nil { lines += 1 }
            process.terminate(SIGKILL)
            _ = await process.waitForExit()
            #expect(lines == 150)
            let listed = try await Tern.run(["cache", "list", "--workspace", workspace.root.path])
            #expect(listed.status == 0, "\(listed.stderr)")
            let replay = try await Tern.run([
                "run", "users/get-user", "--mode", "cache", "--workspace", workspace.root.path,
            ])
            #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
            #expect(replay.stdout.contains("(cache)"), "\(replay.stdout)")
        }
    }
}
