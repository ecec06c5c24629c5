import Foundation
import TernScreen

/// The response pane's tabs.
public enum ResponseTab: Int, Sendable, CaseIterable, Hashable {
    case body, headers, request

    /// The tab's label.
    public var title: String {
        switch self {
        case .body: return "Body"
        case .headers: return "Headers"
        case .request: return "Request"
        }
    }
}

/// The `/` search over the response body.
public struct SearchState: Sendable, Hashable {
    public var field = TextField()
    /// Whether the query is still being typed.
    public var editing = true
    public var query = ""
    /// Lines that contain the query, in order.
    public var matches: [Int] = []
    public var current = 0
    /// Whether a search is running off the UI task.
    public var running = false
}

/// The response pane's state: the response shown, its tab and scroll, the search, the send running.
public struct ResponsePane: Sendable {
    /// The response shown; `nil` until one arrives.
    public var view: ResponseView?
    /// The tab shown.
    public var tab: ResponseTab = .body
    /// The first line shown.
    public var scroll = 0
    /// The first column shown.
    public var left = 0
    /// The `/` search, while one is open.
    public var search: SearchState?
    /// The spec being sent, while a send runs.
    public var sending: String?
    /// When the running send started.
    public var sendStarted: Date?

    /// An empty pane.
    public init() {}

    /// How many lines the current tab has.
    var lineCount: Int {
        guard let view else { return 0 }
        switch tab {
        case .body: return view.body.lineCount
        case .headers: return view.headers.count
        case .request: return view.requestLines.count
        }
    }
}
