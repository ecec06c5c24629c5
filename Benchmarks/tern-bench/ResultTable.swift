/// The results as a plain-text table and as Markdown, with the targets beside them.
///
/// Targets (printed, never asserted): Tern's downloads and uploads reach ≥ 80% of curl's
/// throughput with a peak RSS ≤ 32 MiB; the Handler's GETs reach ≥ 90% of the raw client's rate.
struct ResultTable {
    static let transferShare = 80.0
    static let transferRSSMiB = 32.0
    static let getShare = 90.0

    let rows: [ResultRow]
    let options: BenchOptions

    private static let header = [
        "scenario", "client", "rate", "seconds", "peak RSS", "peak anon", "vs baseline", "target (issue)",
    ]

    /// Aligned columns for a terminal.
    var text: String {
        ([title, table.aligned, footnote]).joined(separator: "\n")
    }

    /// The same as a Markdown table.
    var markdown: String {
        ([title, "", table.markdown, "", footnote]).joined(separator: "\n")
    }

    private var table: TextTable {
        TextTable(header: Self.header, rows: rows.map(cells(for:)))
    }

    /// What the memory columns mean, with the floor every Swift child starts from.
    private var footnote: String {
        var text =
            "peak RSS: VmHWM of the client process (code of shared libraries included); "
            + "peak anon: highest anonymous RSS sampled every 10 ms."
        if let floor = rows.compactMap(\.startKiB).min() {
            text += " A tern-bench child holds \(ResultRow.mebibytes(floor)) MiB before it makes any client."
        }
        return text
    }

    private var title: String {
        "\(ByteSize.format(options.size)) per transfer, \(options.gets) GETs per client, best of \(options.repeats)"
    }

    private func cells(for row: ResultRow) -> [String] {
        guard row.isSuccess else {
            return [row.name, row.client, row.problem ?? "", "—", "—", "—", "—", target(for: row, share: nil)]
        }
        let rate =
            row.scenario.group == .gets
            ? "\(Fixed.format(row.rate, digits: 0)) req/s" : "\(Fixed.format(row.rate, digits: 1)) MiB/s"
        let share = self.share(of: row)
        let versus: String
        if isBaseline(row) {
            versus = "baseline"
        } else if let share {
            versus = "\(Fixed.format(share, digits: 0))% of \(baselineName(row))"
        } else {
            versus = "—"
        }
        return [
            row.name, row.client, rate, Fixed.format(row.seconds, digits: 3),
            "\(ResultRow.mebibytes(row.peakKiB)) MiB", row.anonymousKiB.map { "\(ResultRow.mebibytes($0)) MiB" } ?? "—",
            versus, target(for: row, share: share),
        ]
    }

    private func isBaseline(_ row: ResultRow) -> Bool {
        row.scenario.isCurl || row.isRawHalf
    }

    private func baselineName(_ row: ResultRow) -> String {
        row.scenario.group == .gets ? "raw" : "curl"
    }

    /// The row's rate as a percentage of its baseline's, when both were measured.
    private func share(of row: ResultRow) -> Double? {
        let baseline: ResultRow?
        switch row.scenario.group {
        case .download: baseline = rows.first { $0.scenario == .downloadCurl }
        case .upload: baseline = rows.first { $0.scenario == .uploadCurl }
        case .gets: baseline = rows.first { $0.scenario == row.scenario && $0.isRawHalf }
        }
        guard let baseline, baseline.isSuccess, baseline.rate > 0, row.isSuccess else { return nil }
        return row.rate / baseline.rate * 100
    }

    private func target(for row: ResultRow, share: Double?) -> String {
        if row.scenario.group == .gets {
            guard !row.isRawHalf else { return "" }
            let goal = "≥ \(Int(Self.getShare))% of raw"
            guard let share else { return goal }
            return goal + (share >= Self.getShare ? ": met" : ": NOT met")
        }
        guard row.scenario.isTern else { return "" }
        let goal = "≥ \(Int(Self.transferShare))% of curl, ≤ \(Int(Self.transferRSSMiB)) MiB"
        guard let share, row.isSuccess else { return goal }
        let fastEnough = share >= Self.transferShare
        let smallEnough = Double(row.peakKiB) / 1024 <= Self.transferRSSMiB
        switch (fastEnough, smallEnough) {
        case (true, true): return goal + ": met"
        case (false, true): return goal + ": NOT met (speed)"
        case (true, false): return goal + ": NOT met (memory)"
        case (false, false): return goal + ": NOT met (speed, memory)"
        }
    }
}

extension ResultRow {
    /// The client this row measured.
    var client: String {
        switch (scenario, isRawHalf) {
        case (.gets, false): "Handler + HTTPClientTransport"
        case (.gets, true): "AsyncHTTPClient, raw"
        case (.getsURLSession, false): "Handler + URLSessionTransport"
        case (.getsURLSession, true): "URLSession data(for:), raw"
        default: scenario.client
        }
    }
}
