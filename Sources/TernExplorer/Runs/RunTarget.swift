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

}

/// The passes a run makes, one at a time: one per row of a data file (each read as its pass comes), or
/// one with no row.
package struct RunPasses {
    private var rows: RunData.Rows?
    private var passedWithoutRow = false

    /// The passes over `data`'s rows, or the one pass without data.
    package init(_ data: RunData?) throws(ExplorerError) {
        rows = try data?.rows()
    }

    /// How many passes there are.
    package static func count(_ data: RunData?) -> Int { data?.count ?? 1 }

    /// The next pass's row (`.some(nil)`: the pass without data), `nil` after the last; a data file that
    /// changed since it was checked is an error.
    package mutating func next() throws(ExplorerError) -> RunData.Row?? {
        if rows != nil {
            guard let row = try rows?.next() else { return nil }
            return .some(row)
        }
        guard !passedWithoutRow else { return nil }
        passedWithoutRow = true
        return .some(nil)
    }

    /// Closes the data file.
    package func close() { rows?.close() }
}
