package import Foundation
package import TernScreen

/// The response pane's tabs.
package enum ResponseTab: Int, Sendable, CaseIterable, Hashable {
    case body, headers, request

    /// The tab's label.
    package var title: String {
        switch self {
        case .body: return "Body"
        case .headers: return "Headers"
        case .request: return "Request"
        }
    }
}

/// The `/` search over the response body.
package struct SearchState: Sendable, Hashable {
    package var field = TextField()
    /// Whether the query is still being typed.
    package var editing = true
    package var query = ""
    /// Lines that contain the query, in order.
    package var matches: [Int] = []
    package var current = 0
    /// Whether a search is running off the UI task.
    package var running = false
}

/// The response pane's state: the response shown, its tab and scroll, the search, the send running.
package struct ResponsePane: Sendable {
    /// The response shown; `nil` until one arrives.
    package var view: ResponseView?
    /// The tab shown.
    package var tab: ResponseTab = .body
    /// The first line shown.
    package var scroll = 0
    /// The first column shown.
    package var left = 0
    /// The `/` search, while one is open.
    package var search: SearchState?
    /// The spec being sent, while a send runs.
    package var sending: String?
    /// When the running send started.
    package var sendStarted: Date?

    /// An empty pane.
    package init() {}

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
