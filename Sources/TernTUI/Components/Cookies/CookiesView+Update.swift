import TernExplorer
import TernScreen

/// What the cookies view does with its keys (the table's `Cookies` scope) and a new listing.
extension CookiesView: ActionComponent {
    /// The cookies view's keys.
    var keyScope: KeyScope { .cookies }

    /// While "clear them all?" is asked, `y`/`n` answer it; else the table's keys.
    mutating func handle(_ key: Key, _ context: ComponentContext) -> Reply? {
        if confirmingClear {
            guard let yes = Answer.of(key) else { return Reply() }
            confirmingClear = false
            return yes ? Reply([.run(.cookies(.clear(domain: nil)))]) : Reply()
        }
        guard let action = context.keys.action(for: key, in: keyScope) else { return nil }
        return perform(action, context)
    }

    /// Moves the selection, deletes the selected cookie, clears the jar (after `y`), reloads or closes.
    mutating func perform(_ action: Action, _ context: ComponentContext) -> Reply {
        switch action {
        case .close: isOpen = false
        case .delete:
            guard let cookie = selected else { return Reply.error("no cookie to delete") }
            let domain = String(cookie.domain.drop { $0 == "." })
            return Reply([.run(.cookies(.delete(name: cookie.name, domain: domain)))])
        case .clearAll:
            guard !rows.isEmpty else { return Reply.error("the jar is empty") }
            confirmingClear = true
        case .refresh: return Reply([.run(.cookies(.list(domain: nil)))])
        default: selection = ListCursor.move(selection, action, count: rows.count, page: context.page)
        }
        return Reply()
    }

    /// A new listing, the selection kept on the same place.
    mutating func reload(_ rows: [CookieRow], environment: String?) {
        self.rows = rows
        self.environment = environment
        selection = ListCursor.clamp(selection, count: rows.count)
    }
}
