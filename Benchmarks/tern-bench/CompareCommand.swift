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
            let cacheBytes = directorySize(fixture.workspace.root.appendingPathComponent(".tern"))
            let runner = try ScaleBenchmark.runner(fixture)
            let big = try ScaleBenchmark.bigWorkspace(fixture)
            let load = try LoadBenchmark.measure(fixture)
            let title =
                "tern: \(fixture.tern.path); load average \(before) at the start, \(LoadAverage.now()) at the end"
            return GoalTable(
                rows: sendRows(send) + tuiRows(frame: frame, idle: idle)
                    + transferRows(transfers, options, cacheBytes: cacheBytes) + scaleRows(runner, big)
                    + loadRows(load),
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
        let reference = "curl: " + milliseconds(send.curl.milliseconds.median)
        // Each command line's row: its figure, and the most times curl's it may take (`nil`: no goal).
        let rows: [(label: String, figure: String, ratio: Double?)] = [
            (
                SendBenchmark.live, "`tern send` of a small GET, whole process (median of \(send.runs))",
                GoalTable.sendRatio
            ),
            (SendBenchmark.cache, "the same GET from the cache (`--mode cache`)", GoalTable.cacheRatio),
            (SendBenchmark.adHoc, "`tern get URL` (ad-hoc, scratch workspace)", GoalTable.sendRatio),
            (SendBenchmark.version, "`tern --version` (start-up alone)", nil),
        ]
        return rows.compactMap { row in
            guard let timing = send.timing(row.label) else { return nil }
            let ratio = send.ratio(timing)
            return GoalTable.Row(
                figure: row.figure,
                tern: milliseconds(timing.milliseconds.median) + " (" + Fixed.format(ratio, digits: 2) + "× curl)",
                reference: reference, goal: row.ratio.map { "≤ \(Fixed.format($0, digits: 1))× curl" } ?? "—",
                met: row.ratio.map { ratio <= $0 })
        }
    }

    private static func loadRows(_ load: LoadBenchmark.Result?) -> [GoalTable.Row] {
        let figure = "`tern load` most throughput, \(LoadBenchmark.connections) connections, nginx small JSON"
        let goal =
            "≥ \(Fixed.format(GoalTable.loadShareOfWrk, digits: 1)) of wrk, "
            + "p99 ≤ \(Fixed.format(GoalTable.loadP99Ratio, digits: 0))× wrk's"
        guard let load else {
            return [
                GoalTable.Row(
                    figure: figure, tern: "not measured", reference: "wrk, nginx: not installed", goal: goal, met: nil)
            ]
        }
        return [
            GoalTable.Row(
                figure: figure,
                tern: "\(Fixed.format(load.ternRate, digits: 0))/s (\(Fixed.format(load.ratio, digits: 2)) of wrk), "
                    + "p99 " + milliseconds(load.ternP99),
                reference: "wrk: \(Fixed.format(load.wrkRate, digits: 0))/s, p99 " + milliseconds(load.wrkP99),
                goal: goal,
                met: load.ratio >= GoalTable.loadShareOfWrk && load.ternP99 <= load.wrkP99 * GoalTable.loadP99Ratio)
        ]
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

    private static func transferRows(
        _ result: BinaryTransfers.Result, _ options: BinaryOptions, cacheBytes: Int64
    ) -> [GoalTable.Row] {
        func cell(_ measurement: BinaryTransfers.Measurement) -> String {
            let anonymous = ResultRow.mebibytes(measurement.anonymousKiB)
            return "\(Fixed.format(measurement.seconds, digits: 2)) s, "
                + "\(ResultRow.mebibytes(measurement.peakKiB)) MiB (anonymous \(anonymous))"
        }
        func ratio(_ tern: BinaryTransfers.Measurement, _ curl: BinaryTransfers.Measurement) -> Double {
            curl.seconds > 0 ? tern.seconds / curl.seconds : .infinity
        }
        let download = ratio(result.ternDownload, result.curlDownload)
        let upload = ratio(result.ternUpload, result.curlUpload)
        let again = ratio(result.ternUploadAgain, result.curlUpload)
        let cap: Int64 = 500_000_000
        return [
            GoalTable.Row(
                figure: "\(ByteSize.format(options.downloadSize)) download to a file (`-o`): time, peak RSS",
                tern: cell(result.ternDownload) + " (\(Fixed.format(download, digits: 2))× curl)",
                reference: "curl -o: " + cell(result.curlDownload),
                goal: "≤ \(Fixed.format(GoalTable.downloadRatio, digits: 2))× curl, "
                    + "≤ \(Fixed.format(GoalTable.downloadMiB, digits: 0)) MiB",
                met: download <= GoalTable.downloadRatio
                    && Double(result.ternDownload.peakKiB) / 1024 <= GoalTable.downloadMiB),
            GoalTable.Row(
                figure: "`.tern/` after that download", tern: ByteSize.format(cacheBytes), reference: "—",
                goal: "≤ cacheMaxBytes (\(ByteSize.format(cap)))", met: cacheBytes <= cap),
            GoalTable.Row(
                figure: "\(ByteSize.format(options.uploadSize)) upload from a file: time, peak RSS",
                tern: cell(result.ternUpload) + " (\(Fixed.format(upload, digits: 2))× curl)",
                reference: "curl -T: " + cell(result.curlUpload),
                goal: "≤ \(Fixed.format(GoalTable.uploadRatio, digits: 2))× curl, "
                    + "≤ \(Fixed.format(GoalTable.uploadMiB, digits: 0)) MiB",
                met: upload <= GoalTable.uploadRatio
                    && Double(result.ternUpload.peakKiB) / 1024 <= GoalTable.uploadMiB),
            GoalTable.Row(
                figure: "the same upload again (the file's digest kept in `.tern/`)",
                tern: cell(result.ternUploadAgain) + " (\(Fixed.format(again, digits: 2))× curl)",
                reference: "curl -T: " + cell(result.curlUpload),
                goal: "≤ \(Fixed.format(GoalTable.uploadRatio, digits: 2))× curl",
                met: again <= GoalTable.uploadRatio),
        ]
    }

    private static func scaleRows(_ runner: ScaleBenchmark.Runner, _ big: ScaleBenchmark.BigWorkspace) -> [GoalTable
        .Row]
    {
        let requests = ScaleBenchmark.requests
        let perSecond = runner.tern.median > 0 ? Double(requests) / (runner.tern.median / 1000) : 0
        let resident = Double(big.idle.resident) / 1024
        return [
            GoalTable.Row(
                figure: "`tern run --repeat \(requests)` of one small GET (median of \(runner.tern.sorted.count))",
                tern: milliseconds(runner.tern.median) + " (\(Fixed.format(perSecond, digits: 0))/s, "
                    + "\(Fixed.format(runner.ratio, digits: 2))× curl)",
                reference: "curl, \(requests) URLs in one process: " + milliseconds(runner.curl.median),
                goal: "≤ \(Fixed.format(GoalTable.runnerRatio, digits: 1))× curl",
                met: runner.ratio <= GoalTable.runnerRatio),
            GoalTable.Row(
                figure:
                    "GitHub REST description imported (\(big.specs) specs): `tern list` "
                    + "(median of \(big.list.sorted.count))",
                tern: milliseconds(big.list.median), reference: "—",
                goal: "≤ \(Fixed.format(GoalTable.bigListMilliseconds, digits: 0)) ms",
                met: big.list.median <= GoalTable.bigListMilliseconds),
            GoalTable.Row(
                figure: "same workspace: TUI first frame from `main()` / idle RSS",
                tern: milliseconds(big.frame.fromMain.median) + " / \(ResultRow.mebibytes(big.idle.resident)) MiB",
                reference: "—",
                goal: "≤ \(Fixed.format(GoalTable.bigFirstFrameMilliseconds, digits: 0)) ms / "
                    + "≤ \(Fixed.format(GoalTable.bigIdleMiB, digits: 0)) MiB",
                met: big.frame.fromMain.median <= GoalTable.bigFirstFrameMilliseconds
                    && resident <= GoalTable.bigIdleMiB),
            GoalTable.Row(
                figure: "import of that description (median of \(big.importing.sorted.count))",
                tern: milliseconds(big.importing.median), reference: "—",
                goal: "≤ \(Fixed.format(GoalTable.importMilliseconds, digits: 0)) ms",
                met: big.importing.median <= GoalTable.importMilliseconds),
        ]
    }

    /// The bytes of the files under `folder`.
    private static func directorySize(_ folder: URL) -> Int64 {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey]) else {
            return 0
        }
        var total: Int64 = 0
        for case let file as URL in walker {
            total += Int64((try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
        }
        return total
    }
}
