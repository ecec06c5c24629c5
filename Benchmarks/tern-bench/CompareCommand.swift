import Foundation

/// `tern-bench compare`: every figure of the "lean and quick" targets, measured on the real `tern`
/// binary in one run — `tern send` against curl (whole process), the TUI's first frame and idle
/// memory, and the two transfers' peak memory against curl's — as one table of goals.
enum CompareCommand {
    static func run(_ options: BinaryOptions) throws {
        try DemoWorkspace.check()
        let table = try BinaryFixture.with(options) { fixture in
            let before = LoadAverage.now()
            let send = try SendBenchmark.measure(fixture)
            note("the TUI: first frame (10 runs) and idle memory")
            let frame = try TUIProcess.firstFrame(tern: fixture.tern, scratch: fixture.scratch)
            let idle = try TUIProcess.idleMemory(tern: fixture.tern, scratch: fixture.scratch)
            note("transfers: \(ByteSize.format(options.downloadSize)) down, \(ByteSize.format(options.uploadSize)) up")
            let transfers = try BinaryTransfers.measure(fixture)
            let title =
                "tern: \(fixture.tern.path); load average \(before) at the start, \(LoadAverage.now()) at the end"
            return GoalTable(
                rows: sendRows(send) + tuiRows(frame: frame, idle: idle) + transferRows(transfers, options),
                title: title)
        }
        print(table.text)
        if options.markdown {
            print("")
            print(table.markdown)
        }
    }

    private static func milliseconds(_ value: Double) -> String {
        Fixed.format(value, digits: 1) + " ms"
    }

    private static func sendRows(_ send: SendBenchmark.Result) -> [GoalTable.Row] {
        let curl = send.curl.milliseconds
        let reference = "curl: " + milliseconds(curl.median)
        func cell(_ timing: SendBenchmark.Timing) -> String {
            milliseconds(timing.milliseconds.median) + " (" + Fixed.format(send.ratio(timing), digits: 2) + "× curl)"
        }
        var rows: [GoalTable.Row] = []
        if let live = send.timing(SendBenchmark.live) {
            rows.append(
                GoalTable.Row(
                    figure: "`tern send` of a small GET, whole process (median of \(send.runs))", tern: cell(live),
                    reference: reference, goal: "≤ \(Fixed.format(GoalTable.sendRatio, digits: 0))× curl",
                    met: send.ratio(live) <= GoalTable.sendRatio))
        }
        if let cache = send.timing(SendBenchmark.cache) {
            rows.append(
                GoalTable.Row(
                    figure: "the same GET from the cache (`--mode cache`)", tern: cell(cache), reference: reference,
                    goal: "—", met: nil))
        }
        if let version = send.timing(SendBenchmark.version) {
            rows.append(
                GoalTable.Row(
                    figure: "`tern --version` (start-up alone)", tern: cell(version), reference: reference,
                    goal: "—", met: nil))
        }
        return rows
    }

    private static func tuiRows(frame: TUIProcess.FirstFrame, idle: PeakMemory.Status) -> [GoalTable.Row] {
        let resident = Double(idle.resident) / 1024
        let firstFrame = frame.fromMain.median
        return [
            GoalTable.Row(
                figure: "TUI idle RSS on the demo workspace",
                tern: "\(ResultRow.mebibytes(idle.resident)) MiB (anonymous \(ResultRow.mebibytes(idle.anonymous)), "
                    + "file-backed \(ResultRow.mebibytes(idle.file)))",
                reference: "—", goal: "≤ \(Fixed.format(GoalTable.idleMiB, digits: 0)) MiB",
                met: resident <= GoalTable.idleMiB),
            GoalTable.Row(
                figure: "TUI first complete frame, from `main()` (median of \(frame.fromMain.sorted.count))",
                tern: milliseconds(firstFrame) + " (whole run in a pty: " + milliseconds(frame.wholeRun.median) + ")",
                reference: "—", goal: "≤ \(Fixed.format(GoalTable.firstFrameMilliseconds, digits: 0)) ms",
                met: firstFrame <= GoalTable.firstFrameMilliseconds),
        ]
    }

    private static func transferRows(_ result: BinaryTransfers.Result, _ options: BinaryOptions) -> [GoalTable.Row] {
        func cell(_ measurement: BinaryTransfers.Measurement) -> String {
            let anonymous = ResultRow.mebibytes(measurement.anonymousKiB)
            return "\(ResultRow.mebibytes(measurement.peakKiB)) MiB (anonymous \(anonymous)), "
                + "\(Fixed.format(measurement.seconds, digits: 2)) s"
        }
        let goal = "≤ \(Fixed.format(GoalTable.transferMiB, digits: 0)) MiB"
        func met(_ measurement: BinaryTransfers.Measurement) -> Bool {
            Double(measurement.peakKiB) / 1024 <= GoalTable.transferMiB
        }
        return [
            GoalTable.Row(
                figure: "\(ByteSize.format(options.downloadSize)) download to a file (`-o`), peak RSS",
                tern: cell(result.ternDownload), reference: "curl -o: " + cell(result.curlDownload), goal: goal,
                met: met(result.ternDownload)),
            GoalTable.Row(
                figure: "\(ByteSize.format(options.uploadSize)) upload from a file, peak RSS",
                tern: cell(result.ternUpload), reference: "curl -T: " + cell(result.curlUpload), goal: goal,
                met: met(result.ternUpload)),
        ]
    }
}
