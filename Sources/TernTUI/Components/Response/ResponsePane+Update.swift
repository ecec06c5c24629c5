import Foundation
import Tern
import TernExplorer
import TernScreen

/// What the response pane does with its keys, the send and the results that come back.
extension ResponsePane: ActionComponent {
    /// The response pane's keys.
    var keyScope: KeyScope { .pane(.response) }

    /// Handles a key-table action while the pane has the focus; the context's page is the body's
    /// visible lines.
    mutating func perform(_ action: Action, _ context: ComponentContext) -> Reply {
        let height = context.page
        let maxTop = max(0, lineCount - height)
        switch action {
        case .up: scroll -= 1
        case .down: scroll += 1
        case .pageUp: scroll -= height
        case .pageDown: scroll += height
        case .top: scroll = 0
        case .bottom: scroll = maxTop
        case .left, .right:
            guard !wraps else {
                return Reply(status: StatusMessage(text: "lines are wrapped: w scrolls them sideways", isError: false))
            }
            left = action == .left ? max(0, left - 8) : left + 8
        case .wrap:
            wraps.toggle()
            left = 0
            return Reply(
                status: StatusMessage(
                    text: wraps ? "long lines wrap (w: scroll them with h/l)" : "long lines scroll with h/l (w: wrap)",
                    isError: false))
        case .previousTab, .nextTab:
            let tabs = self.tabs
            let index = tabs.firstIndex(of: tab) ?? 0
            let step = action == .nextTab ? 1 : tabs.count - 1
            tab = tabs[(index + step) % tabs.count]
            scroll = 0
            left = 0
        case .search:
            guard view != nil else { return Reply() }
            tab = .body
            filter = nil
            search = SearchState()
        case .filterBody:
            guard view != nil else { return Reply() }
            tab = .body
            search = nil
            filter = FilterState(field: TextField(filter?.expression ?? ""))
        case .nextMatch, .previousMatch:
            guard var search, !search.matches.isEmpty else { return Reply() }
            let step = action == .nextMatch ? 1 : search.matches.count - 1
            search.current = (search.current + step) % search.matches.count
            self.search = search
            scrollToMatch(height: height)
        default:
            break
        }
        scroll = min(max(0, scroll), maxTop)
        // A live stream follows its end again once the user scrolls back down to it.
        if sending != nil, live != nil { live?.following = scroll >= maxTop }
        return Reply()
    }

    /// A key while the search query is typed: the search's line takes it, and closes on Esc.
    mutating func searchKey(_ key: Key, _ context: ComponentContext) -> Reply {
        guard var line = search else { return Reply() }
        let reply = line.handle(key, context) ?? Reply()
        search = line.isOpen ? line : nil
        return reply
    }

    /// A key while the filter expression is typed: the filter's line takes it; Esc drops the filter
    /// and shows the whole body from its top.
    mutating func filterKey(_ key: Key, _ context: ComponentContext) -> Reply {
        guard var line = filter else { return Reply() }
        var reply = line.handle(key, context) ?? Reply()
        filter = line.isOpen ? line : nil
        if case .cancelled = reply.event {
            scroll = 0
            reply.event = nil
        }
        return reply
    }

    /// A filter finished: its matches replace the body, or its error goes to the status line and
    /// the line stays open to fix it.
    mutating func filterFinished(expression: String, result: Result<[String], ExplorerError>) -> Reply {
        guard var filter, filter.expression == expression, filter.running else { return Reply() }
        filter.running = false
        switch result {
        case .failure(let error):
            filter.editing = true
            filter.matches = nil
            self.filter = filter
            return .error(error.message)
        case .success(let matches):
            filter.matches = matches
            self.filter = filter
            tab = .body
            scroll = 0
            left = 0
            let count = matches.count == 1 ? "1 match" : "\(matches.count) matches"
            return Reply(
                status: StatusMessage(text: "\(expression): \(count) (Esc shows the whole body)", isError: false))
        }
    }

    /// Starts sending `name` (else the selected spec), unless a send runs already.
    mutating func send(_ name: String?, snapshot: ExplorerSnapshot?, now: Date) -> Reply {
        if let running = sending { return .error("\(running) is still running; Esc cancels it") }
        guard let id = name ?? snapshot?.selected?.id else {
            return .error("select a spec first (Enter in the workspace tree)")
        }
        sending = id
        sendStarted = now
        live = nil
        let mode = snapshot?.mode.rawValue ?? "normal"
        let text = "sending \(id) in \(mode) mode… (Esc cancels)"
        return Reply([.send(name)], status: StatusMessage(text: text, isError: false))
    }

    /// Esc: cancels the send, else closes the search and the filter.
    mutating func cancel() -> Reply {
        if let sending {
            if live != nil {
                live?.stopping = true
                return Reply(
                    [.cancelSend], status: StatusMessage(text: "stopping \(sending)'s stream…", isError: false))
            }
            return Reply([.cancelSend], status: StatusMessage(text: "cancelling \(sending)…", isError: false))
        }
        if filter != nil { scroll = 0 }
        search = nil
        filter = nil
        return Reply()
    }

    /// A response arrived (sent, or opened from the cache): shown from its top.
    mutating func show(_ response: ResponseView, now: Date) -> Reply {
        let wasSending = sending != nil
        view = response
        sending = nil
        live = nil
        scroll = 0
        left = 0
        search = nil
        filter = nil
        if !tabs.contains(tab) { tab = .body }
        var text = "\(response.title): \(response.summary(now: now).shortLine)"
        let failed = response.failedChecks.count
        if !response.checks.isEmpty {
            text +=
                failed == 0
                ? " · ✓ \(Format.count(response.checks.count, "check"))"
                : " · \(failed)/\(response.checks.count) checks failed"
        }
        if let key = response.pinnedBy {
            text += " · the stored answer of the spec's fixed key '\(key)' (m: live sends the edit)"
        }
        if let first = response.warnings.first {
            let more = response.warnings.count > 1 ? " (+\(response.warnings.count - 1) more)" : ""
            text += " · warning: \(first)\(more)"
        }
        return Reply(
            wasSending ? [.refreshActivity, .loadCache, .loadVariables] : [],
            status: StatusMessage(text: text, isError: failed > 0 || !response.warnings.isEmpty))
    }

    /// Items of the running send's stream arrived: appended, the view following the end unless scrolled up.
    mutating func streamed(_ items: [StreamedItem], height: Int) {
        guard sending != nil else { return }
        var stream = live ?? LiveStream()
        if live == nil { scroll = 0 }
        stream.append(items)
        if stream.following { scroll = max(0, stream.lines.count - height) }
        live = stream
    }

    /// The send failed.
    mutating func sendFailed(_ error: ExplorerError) -> Reply {
        sending = nil
        live = nil
        return Reply([.refreshActivity, .loadCache], status: StatusMessage(text: error.message, isError: true))
    }

    /// A search finished: the cursor goes to the first match at or below the top line.
    mutating func searchFinished(query: String, matches: [Int], height: Int) -> Reply {
        guard var search, search.query == query else { return Reply() }
        search.running = false
        search.matches = matches
        search.current = matches.firstIndex { $0 >= scroll } ?? 0
        self.search = search
        if matches.isEmpty { return .error("'\(query)' is not in the body") }
        scrollToMatch(height: height)
        let text = "'\(query)': \(matches.count) matching lines (n/N move)"
        return Reply(status: StatusMessage(text: text, isError: false))
    }

    /// Scrolls so the current match is in view (a third down the pane) when it is not.
    mutating func scrollToMatch(height: Int) {
        guard let search, search.current < search.matches.count else { return }
        let line = search.matches[search.current]
        if line < scroll || line >= scroll + height {
            scroll = max(0, min(line - height / 3, lineCount - height))
        }
    }
}
