import Foundation

/// What `run` runs: spec ids or groups (every spec when none), and the data file whose rows it
/// goes through, one pass each.
package struct RunTarget: Sendable, Equatable {
    /// Spec ids, unique file names or group folders.
    package var names: [String]
    /// The data file's path as given (relative to the working directory), if any.
    package var data: String?
    /// How many times the whole collection runs (`--repeat`, 1 to 1000).
    package var repetitions = 1
    /// Seconds waited between two specs (`--delay`).
    package var delay: Double = 0
    /// Whether the run stops at the first spec that fails or errors (`--bail`).
    package var bail = false

    /// Makes a target.
    package init(
        _ names: [String] = [], data: String? = nil, repetitions: Int = 1, delay: Double = 0, bail: Bool = false
    ) {
        self.names = names
        self.data = data
        self.repetitions = repetitions
        self.delay = delay
        self.bail = bail
    }

    /// The data file read, or `nil` without one.
    package func readData() throws(ExplorerError) -> RunData? {
        guard let data else { return nil }
        return try RunData.read(URL(fileURLWithPath: data), as: data)
    }

    /// The passes a run makes: one per row of `data`, or one with no row.
    package static func passes(_ data: RunData?) -> [RunData.Row?] {
        data.map { $0.rows.map(Optional.some) } ?? [nil]
    }
}
