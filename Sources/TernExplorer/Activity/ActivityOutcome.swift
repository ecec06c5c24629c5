import Foundation
package import Tern

/// How an attempt in the retry log or a transfer ended, typed so that the faces never compare strings.
package enum ActivityOutcome: Sendable, Hashable {
    /// Still under way.
    case running
    /// The attempt failed with `cause` (`status 503`, `timed out: …`) and the policy retries it.
    case retried(cause: String)
    /// A response with this status arrived, from this source.
    case status(Int, ResponseSource)
    /// The transfer finished and its response was delivered.
    case done
    /// The send was cancelled.
    case cancelled
    /// The send failed; `reason` says why.
    case failed(reason: String)

    /// Whether the attempt or transfer is still under way.
    package var isRunning: Bool { self == .running }

    /// Whether it ended badly or is being retried: the faces show these in a warning colour.
    package var isTrouble: Bool {
        switch self {
        case .retried, .cancelled, .failed: true
        case .running, .status, .done: false
        }
    }

    /// `running`, `status 503`, `200 live`, `done`, `cancelled` or the failure's reason.
    package var text: String {
        switch self {
        case .running: "running"
        case .retried(let cause): cause
        case .status(let code, let source): "\(code) \(source.rawValue)"
        case .done: "done"
        case .cancelled: "cancelled"
        case .failed(let reason): reason
        }
    }
}
