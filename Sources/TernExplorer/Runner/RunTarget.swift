import Foundation

/// What `run` runs: spec ids or groups (every spec when none), and the data file whose rows it
/// goes through, one pass each.
package struct RunTarget: Sendable, Equatable {
    /// Spec ids, unique file names or group folders.
    package var names: [String]
    /// The data file's path as given (relative to the working directory), if any.
    package var data: String?

    /// Makes a target.
    package init(_ names: [String] = [], data: String? = nil) {
        self.names = names
        self.data = data
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
