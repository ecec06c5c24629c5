/// The targets beside one run's figures: figure | Tern | reference | goal | met?
/// Targets are reported here, never asserted.
struct GoalTable: Sendable {
    /// One figure.
    struct Row: Sendable {
        var figure: String
        var tern: String
        var reference: String
        var goal: String
        /// `nil` when the row has no goal (shown for context).
        var met: Bool?
    }

    /// `tern send` of a small GET at most this many times curl's whole-process time.
    static let sendRatio = 1.5
    /// The same GET replayed from the cache, at most this many times curl's (live) time.
    static let cacheRatio = 1.0
    /// The TUI's idle resident set, at most.
    static let idleMiB = 20.0
    /// The TUI's first complete frame, at most.
    static let firstFrameMilliseconds = 40.0
    /// The download's peak resident set, at most.
    static let downloadMiB = 24.0
    /// The download's time, at most this many times curl's.
    static let downloadRatio = 1.1
    /// The upload's time, at most this many times curl's.
    static let uploadRatio = 1.25
    /// The upload's peak resident set, at most.
    static let uploadMiB = 24.0
    /// `tern run --repeat 1000`, at most this many times curl fetching 1,000 URLs in one process.
    static let runnerRatio = 1.5
    /// `tern load`'s most throughput, at least this share of wrk's on the same server and connections.
    static let loadShareOfWrk = 0.5
    /// Its p99 at that load, at most this many times wrk's.
    static let loadP99Ratio = 2.0
    /// On the big workspace: `tern list`, the TUI's first frame, its idle resident set, the import.
    static let bigListMilliseconds = 50.0
    static let bigFirstFrameMilliseconds = 60.0
    static let bigIdleMiB = 25.0
    static let importMilliseconds = 2_000.0

    let rows: [Row]
    /// A line above the table (what ran, on which machine load).
    let title: String

    private var table: TextTable {
        TextTable(
            header: ["figure", "Tern", "reference", "goal", "met?"],
            rows: rows.map { row in
                [row.figure, row.tern, row.reference, row.goal, row.met.map { $0 ? "yes" : "NO" } ?? "—"]
            })
    }

    /// Aligned columns for a terminal.
    var text: String { title + "\n" + table.aligned }

    /// The same as Markdown.
    var markdown: String { title + "\n\n" + table.markdown }
}
