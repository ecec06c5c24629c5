// `stat` (read below) is a C struct that Glibc, CoreFoundation and CDispatch all bring in; which of them the
// compiler calls its home depends on the build, and MemberImportVisibility wants that home imported.
import CDispatch
import CoreFoundation
import Foundation
import Glibc
import Synchronization
import TernExplorer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("OutputFile: safe writes to a path the user named")
struct OutputFileTests {
    @Test("a new file gets the bytes and 0644 under the umask, with no temporary file left")
    func newFile() throws {
        try withFolder { folder in
            let source = try folder.file("source.bin", Self.bytes(200_000))
            let destination = folder.url.appendingPathComponent("out.bin")
            #expect(try OutputFile.write(contentsOf: source, to: destination) == 200_000)
            #expect(try Data(contentsOf: destination) == Self.bytes(200_000))
            #expect(try Self.mode(destination.path) == 0o644 & ~Self.umask())
            #expect(try folder.names() == ["out.bin", "source.bin"])
        }
    }

    @Test("a regular file is replaced and keeps its mode; while written it is unchanged and the temporary is 0600")
    func replaceKeepsModeAndOldContentUntilFinished() throws {
        try withFolder { folder in
            let destination = try folder.file("out.txt", Data("old".utf8), mode: 0o640)
            let writer = try OutputFile.open(destination)
            try writer.write(Data("new content".utf8))
            #expect(try String(contentsOf: destination, encoding: .utf8) == "old")
            let temporary = try #require(try folder.names().first { $0.hasPrefix(".out.txt.") })
            #expect(try Self.mode(folder.url.appendingPathComponent(temporary).path) == 0o600)
            try writer.finish()
            #expect(try String(contentsOf: destination, encoding: .utf8) == "new content")
            #expect(try Self.mode(destination.path) == 0o640)
            #expect(try folder.names() == ["out.txt"])
        }
    }

    @Test("a stream that fails keeps the old content and leaves no temporary file")
    func failedStreamKeepsOldContent() async throws {
        struct Broken: Error {}
        try await withFolder { folder in
            let destination = try folder.file("out.txt", Data("old".utf8))
            let chunks = AsyncThrowingStream<Data, any Error> { continuation in
                continuation.yield(Data("half of the ".utf8))
                continuation.finish(throwing: Broken())
            }
            await #expect(throws: Broken.self) { try await OutputFile.write(chunks, to: destination) }
            #expect(try String(contentsOf: destination, encoding: .utf8) == "old")
            #expect(try folder.names() == ["out.txt"])
        }
    }

    @Test("a stream of chunks is written in order")
    func streamWritten() async throws {
        try await withFolder { folder in
            let destination = folder.url.appendingPathComponent("out.bin")
            let chunks = AsyncStream<Data> { continuation in
                for index in 0..<100 { continuation.yield(Data(repeating: UInt8(index), count: 1000)) }
                continuation.finish()
            }
            #expect(try await OutputFile.write(chunks, to: destination) == 100_000)
            let written = try Data(contentsOf: destination)
            #expect(written.count == 100_000 && written.first == 0 && written.last == 99)
        }
    }

    @Test("a symlink is kept: the bytes go to its target, which keeps its mode")
    func symlinkWritesThrough() throws {
        try withFolder { folder in
            let target = try folder.file("real.txt", Data("old".utf8), mode: 0o600)
            let link = folder.url.appendingPathComponent("link.txt")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.txt")
            try OutputFile.write(contentsOf: try folder.file("in.txt", Data("new".utf8)), to: link)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.txt")
            #expect(try String(contentsOf: target, encoding: .utf8) == "new")
            #expect(try Self.mode(target.path) == 0o600)
        }
    }

    @Test("a dangling symlink creates its target and stays a link")
    func danglingSymlinkCreatesTarget() throws {
        try withFolder { folder in
            let link = folder.url.appendingPathComponent("link.txt")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "made.txt")
            try OutputFile.write(contentsOf: try folder.file("in.txt", Data("x".utf8)), to: link)
            #expect(try String(contentsOf: folder.url.appendingPathComponent("made.txt"), encoding: .utf8) == "x")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "made.txt")
        }
    }

    @Test("a symlink loop is a clear error")
    func symlinkLoop() throws {
        try withFolder { folder in
            let link = folder.url.appendingPathComponent("a")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "b")
            try FileManager.default.createSymbolicLink(
                atPath: folder.url.appendingPathComponent("b").path, withDestinationPath: "a")
            let error = try #require(throws: OutputFileError.self) {
                try OutputFile.write(contentsOf: try folder.file("in.txt", Data("x".utf8)), to: link)
            }
            #expect(error.message.contains("symbolic links"))
        }
    }

    @Test("/dev/null is written into and stays a character device")
    func devNull() throws {
        try withFolder { folder in
            let source = try folder.file("in.bin", Self.bytes(300_000))
            #expect(try OutputFile.write(contentsOf: source, to: URL(fileURLWithPath: "/dev/null")) == 300_000)
            let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
            #expect(type == .typeCharacterSpecial)
        }
    }

    @Test("/dev/full is a clear 'no space' error", .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func devFull() throws {
        try withFolder { folder in
            let source = try folder.file("in.bin", Self.bytes(1000))
            let error = try #require(throws: OutputFileError.self) {
                try OutputFile.write(contentsOf: source, to: URL(fileURLWithPath: "/dev/full"))
            }
            #expect(error.path == "/dev/full")
            #expect(error.message.contains(String(cString: strerror(ENOSPC))))
        }
    }

    @Test("a FIFO is written into as it is, with a reader; without one it is an error, not a hang")
    func fifo() async throws {
        try await withFolder { folder in
            let fifo = folder.url.appendingPathComponent("pipe")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            let source = try folder.file("in.bin", Self.bytes(500_000))
            let lonely = try #require(throws: OutputFileError.self) {
                try OutputFile.write(contentsOf: source, to: fifo)
            }
            #expect(lonely.message.contains("nothing is reading"))

            let reader = FIFOReader(path: fifo.path, limit: nil)
            let written = try await Self.writeWhenRead(source, to: fifo)
            #expect(written == 500_000)
            #expect(await reader.result() == Self.bytes(500_000))
            var info = stat()
            #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        }
    }

    @Test("a FIFO whose reader leaves early is an EPIPE error, and the process lives on")
    func fifoReaderLeaves() async throws {
        try await withFolder { folder in
            let fifo = folder.url.appendingPathComponent("pipe")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            let source = try folder.file("in.bin", Self.bytes(4_000_000))
            let reader = FIFOReader(path: fifo.path, limit: 10)
            var outcome: OutputFileError?
            do throws(OutputFileError) {
                _ = try await Self.writeWhenRead(source, to: fifo)
            } catch {
                outcome = error
            }
            #expect(await reader.result()?.count == 10)
            #expect(outcome?.message.contains(String(cString: strerror(EPIPE))) == true)
        }
    }

    /// Writes `source` to the FIFO once its reader has opened it (retrying while nothing reads, up to 10 s).
    private static func writeWhenRead(_ source: URL, to fifo: URL) async throws(OutputFileError) -> Int64 {
        for _ in 0..<500 {
            do throws(OutputFileError) {
                return try OutputFile.write(contentsOf: source, to: fifo)
            } catch  where error.message.contains("nothing is reading") {
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        throw OutputFileError(fifo.path, "no reader opened it within 10 s")
    }

    @Test("append adds to an existing regular file in place; a missing one is created")
    func append() throws {
        try withFolder { folder in
            let destination = try folder.file("out.txt", Data("first,".utf8), mode: 0o640)
            try OutputFile.write(
                contentsOf: try folder.file("in.txt", Data("second".utf8)), to: destination, mode: .append)
            #expect(try String(contentsOf: destination, encoding: .utf8) == "first,second")
            #expect(OutputFile.resumeOffset(of: destination) == 12)
            let fresh = folder.url.appendingPathComponent("fresh.txt")
            try OutputFile.write(contentsOf: try folder.file("in2.txt", Data("x".utf8)), to: fresh, mode: .append)
            #expect(try String(contentsOf: fresh, encoding: .utf8) == "x")
        }
    }

    @Test("appending a file to itself, or writing to a folder or into a missing folder, are clear errors")
    func refusals() throws {
        try withFolder { folder in
            let file = try folder.file("same.txt", Data("abc".utf8))
            let same = try #require(throws: OutputFileError.self) {
                try OutputFile.write(contentsOf: file, to: file, mode: .append)
            }
            #expect(same.message.contains("never end"))
            #expect(try String(contentsOf: file, encoding: .utf8) == "abc")
            let folderError = try #require(throws: OutputFileError.self) {
                try OutputFile.write(contentsOf: file, to: folder.url)
            }
            #expect(folderError.message.contains("folder"))
            let missing = folder.url.appendingPathComponent("no/such/out.txt")
            let missingError = try #require(throws: OutputFileError.self) {
                try OutputFile.write(contentsOf: file, to: missing)
            }
            #expect(missingError.message.contains("does not exist"))
        }
    }

    @Test("a FileHandle's remaining bytes are copied")
    func fromHandle() throws {
        try withFolder { folder in
            let source = try folder.file("in.bin", Self.bytes(150_000))
            let handle = try FileHandle(forReadingFrom: source)
            defer { try? handle.close() }
            try handle.seek(toOffset: 50_000)
            let destination = folder.url.appendingPathComponent("out.bin")
            #expect(try OutputFile.write(from: handle, to: destination) == 100_000)
            #expect(try Data(contentsOf: destination) == Self.bytes(150_000).suffix(100_000))
        }
    }

    // MARK: - Support

    static func bytes(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    }

    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }

    /// The process umask, read from a file created with 0666.
    static func umask() throws -> Int {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("tern-umask-\(UUID().uuidString)")
        let descriptor = open(probe.path, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        defer {
            close(descriptor)
            unlink(probe.path)
        }
        return 0o666 & ~(try mode(probe.path))
    }
}

/// Reads a FIFO on a thread of its own (opening one blocks until a writer comes), up to `limit` bytes.
final class FIFOReader: Sendable {
    private let state = Mutex<Data?>(nil)

    init(path: String, limit: Int?) {
        Thread.detachNewThread { [self] in
            var data = Data()
            if let handle = FileHandle(forReadingAtPath: path) {
                if let limit {
                    data = (try? handle.read(upToCount: limit)) ?? Data()
                } else {
                    data = (try? handle.readToEnd()) ?? Data()
                }
                try? handle.close()
            }
            self.state.withLock { $0 = data }
        }
    }

    /// What was read, once the thread finished; `nil` after 10 s (a hang).
    func result() async -> Data? {
        for _ in 0..<1000 {
            if let data = state.withLock({ $0 }) { return data }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }
}
