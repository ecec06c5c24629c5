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
    static let sendRatio = 2.0
    /// The TUI's idle resident set, at most.
    static let idleMiB = 20.0
    /// The TUI's first complete frame, at most.
    static let firstFrameMilliseconds = 50.0
    /// A transfer's peak resident set, at most (the library benchmark's target too).
    static let transferMiB = ResultTable.transferRSSMiB

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
