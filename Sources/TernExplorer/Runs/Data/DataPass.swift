import Foundation

/// A data run's pass over one row, as the session sees it while the row's specs are sent: what an
/// earlier row captured or answered (another user's login) does not count for this one.
struct DataPass: Sendable {
    /// The row.
    var row: RunData.Row
    /// When the data run started: values captured before it are the workspace's, and count.
    var runStarted: Date
    /// When this row's pass started: values captured since are this row's, and count.
    var rowStarted: Date
    /// The specs answered in this pass, with their status: a dependency is sent again unless it is one of them.
    var answered: [String: Int] = [:]

    /// Whether a value captured at `date` is in force for this row: captured before the run, or in this row.
    func sees(_ date: Date) -> Bool {
        date < runStarted || date >= rowStarted
    }
}
