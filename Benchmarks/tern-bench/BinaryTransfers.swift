import Foundation

/// `tern-bench transfer`: a large download to a file and a large upload from a file through the
/// real `tern send`, each against curl, with the client's memory sampled from `/proc/PID/status`
/// every 10 ms (`VmHWM`, the highest `RssAnon` and `RssFile`).
enum BinaryTransfers {
    /// One client's transfer.
    struct Measurement: Sendable {
        let command: TimedCommand
        let bytes: Int64
        let seconds: Double
        /// `VmHWM` at the last sample, in KiB: the peak resident set since exec.
        let peakKiB: Int
        let anonymousKiB: Int
        let fileKiB: Int

        /// MiB per second.
        var rate: Double { seconds > 0 ? Double(bytes) / 1_048_576 / seconds : 0 }
    }

    /// tern and curl, downloading and uploading.
    struct Result: Sendable {
        let ternDownload: Measurement
        let curlDownload: Measurement
        let ternUpload: Measurement
        let curlUpload: Measurement
        /// The same upload again: the file's digest is kept between runs (`.tern/file-digests`).
        let ternUploadAgain: Measurement
    }

    /// `tern-bench transfer` on its own: measures and prints the table.
    static func run(_ options: BinaryOptions) throws {
        let result = try BinaryFixture.with(options) { try measure($0) }
        let table = self.table(result)
        table.print(markdown: options.markdown)
    }

    /// The download and the upload, curl first each time.
    static func measure(_ fixture: BinaryFixture) throws -> Result {
        let options = fixture.options
        let download = fixture.scratch.file("download.bin")
        defer { try? FileManager.default.removeItem(at: download) }
        let source = fixture.url("bytes/\(options.downloadSize)")
        let curlDownload = try transfer(
            fixture.curlCommand("curl -o FILE", ["-s", "-S", "-o", download.path, source]),
            fixture, bytes: options.downloadSize, file: download)
        let sendDownload = fixture.workspace.send("download", ["-o", download.path])
        let ternDownload = try transfer(
            fixture.ternCommand("tern send download -o FILE", sendDownload),
            fixture, bytes: options.downloadSize, file: download)
        if fileSize(fixture.uploadFile) != options.uploadSize {
            note("writing the \(ByteSize.format(options.uploadSize)) upload file")
            try writePatternFile(fixture.uploadFile, bytes: options.uploadSize)
        }
        let curlUpload = try transfer(
            fixture.curlCommand(
                "curl -T FILE", ["-s", "-S", "-T", fixture.uploadFile.path, fixture.url("upload")], keepsOutput: true),
            fixture, bytes: options.uploadSize, file: nil)
        let ternUpload = try transfer(
            fixture.ternCommand("tern send upload", fixture.workspace.send("upload"), keepsOutput: true),
            fixture, bytes: options.uploadSize, file: nil)
        let ternUploadAgain = try transfer(
            fixture.ternCommand("tern send upload (again)", fixture.workspace.send("upload"), keepsOutput: true),
            fixture, bytes: options.uploadSize, file: nil)
        return Result(
            ternDownload: ternDownload, curlDownload: curlDownload, ternUpload: ternUpload, curlUpload: curlUpload,
            ternUploadAgain: ternUploadAgain)
    }

    /// Runs `command` with its memory sampled, then checks the downloaded `file`'s size (removing it)
    /// or, for an upload, the server's `{"bytes":N}` reply.
    private static func transfer(
        _ command: TimedCommand, _ fixture: BinaryFixture, bytes: Int64, file: URL?
    ) throws -> Measurement {
        let run = try command.run(in: fixture.scratch, timeout: fixture.options.timeout, samplingMemory: true)
        if let file {
            let written = fileSize(file)
            try? FileManager.default.removeItem(at: file)
            guard written == bytes else {
                throw BenchError.scenario("\(command.label) wrote \(written) bytes, not \(bytes)")
            }
        } else {
            try UploadScenarios.verifyReply(run.output, expected: bytes)
        }
        guard let peak = run.exit.highWaterKiB else {
            throw BenchError.scenario("\(command.label) ended before its memory could be sampled")
        }
        let measurement = Measurement(
            command: command, bytes: bytes, seconds: run.seconds, peakKiB: peak,
            anonymousKiB: run.exit.anonymousKiB ?? 0, fileKiB: run.exit.fileKiB ?? 0)
        note(
            "\(command.label): \(Fixed.format(run.seconds, digits: 2)) s, peak RSS \(ResultRow.mebibytes(peak)) MiB "
                + "(anonymous \(ResultRow.mebibytes(measurement.anonymousKiB)) MiB, file-backed "
                + "\(ResultRow.mebibytes(measurement.fileKiB)) MiB)")
        return measurement
    }

    /// command | bytes | seconds | MiB/s | peak RSS | peak anon | peak file-backed.
    static func table(_ result: Result) -> TextTable {
        let all = [
            result.curlDownload, result.ternDownload, result.curlUpload, result.ternUpload, result.ternUploadAgain,
        ]
        let rows = all.map { row in
            [
                row.command.label, ByteSize.format(row.bytes), Fixed.format(row.seconds, digits: 2),
                Fixed.format(row.rate, digits: 1), ResultRow.mebibytes(row.peakKiB) + " MiB",
                ResultRow.mebibytes(row.anonymousKiB) + " MiB", ResultRow.mebibytes(row.fileKiB) + " MiB",
            ]
        }
        return TextTable(
            header: ["command", "size", "seconds", "MiB/s", "peak RSS", "peak anon", "peak file-backed"], rows: rows)
    }
}
