package import Foundation
import TernScreen

/// The response pane's tabs.
package enum ResponseTab: Int, Sendable, CaseIterable, Hashable {
    case body, headers, request, checks

    /// The tab's label.
    package var title: String {
        switch self {
        case .body: return "Body"
        case .headers: return "Headers"
        case .request: return "Request"
        case .checks: return "Checks"
        }
    }
}

/// The response pane's state: the response shown, its tab and scroll, the search, the send running.
package struct ResponsePane: Sendable {
    /// The response shown; `nil` until one arrives.
    package var view: ResponseView?
    /// The tab shown.
    package var tab: ResponseTab = .body
    /// The first line shown.
    package var scroll = 0
    /// The first column shown, when lines are not wrapped.
    package var left = 0
    /// Whether long lines go on on the next rows (`w` switches to scrolling them sideways with `h`/`l`).
    package var wraps = true
    /// The `/` search, while one is open.
    package var search: SearchState?
    /// The `f` JSONPath filter, while one is open.
    package var filter: FilterState?
    /// The spec being sent, while a send runs.
    package var sending: String?
    /// When the running send started.
    package var sendStarted: Date?
    /// The running send's streamed body, while it arrives.
    package var live: LiveStream?

    /// An empty pane.
    package init() {}

    /// The filter's matches when a filter is applied (the body tab shows them instead of the body).
    package var filterMatches: [String]? { filter?.matches }

    /// The tabs the shown response has: Checks only when its spec declares expectations.
    package var tabs: [ResponseTab] {
        view?.checks.isEmpty == false ? ResponseTab.allCases : ResponseTab.allCases.filter { $0 != .checks }
    }

    /// How many lines the current tab has.
    var lineCount: Int {
        if let live, sending != nil { return live.lines.count }
        guard let view else { return 0 }
        switch tab {
        case .body: return filterMatches.map { max(1, $0.count) } ?? view.body.lineCount
        case .headers: return view.headers.count
        case .request: return view.requestLines.count
        case .checks: return view.checks.count
        }
    }
}
