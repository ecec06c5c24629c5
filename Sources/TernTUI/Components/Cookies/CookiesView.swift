import Foundation
package import TernExplorer
import TernScreen

/// The cookies view (`C`, `:cookies`): the environment's jar, one row per cookie (values masked),
/// to delete one (`d`) or clear them all (`D`, asks first).
package struct CookiesView: Sendable, Hashable {
    /// The cookies, as `cookies list` gives them.
    package var rows: [CookieRow]
    /// The environment whose jar this is.
    package var environment: String?
    /// The selected cookie's row.
    package var selection = 0
    /// Whether the view is over the frame.
    package var isOpen = true
    /// Whether `D` asked "clear them all?" and waits for y/n.
    package var confirmingClear = false

    /// A view of `rows`, the first selected.
    package init(rows: [CookieRow], environment: String?) {
        self.rows = rows
        self.environment = environment
    }

    /// The selected cookie.
    package var selected: CookieRow? { rows.isEmpty ? nil : rows[App.clamp(selection, count: rows.count)] }

    /// A new listing, the selection kept on the same place.
    mutating func reload(_ rows: [CookieRow], environment: String?) {
        self.rows = rows
        self.environment = environment
        selection = App.clamp(selection, count: rows.count)
    }

    /// j/k and pages move, `d` deletes the selected cookie, `D` clears the jar (after `y`), `r`
    /// reloads, Esc or `q` closes.
    mutating func key(_ key: Key, height: Int) -> Reply {
        if confirmingClear {
            guard let yes = App.answer(key) else { return Reply() }
            confirmingClear = false
            return yes ? Reply([.run(.cookies(.clear(domain: nil)))]) : Reply()
        }
        if let moved = App.listMove(selection, key, count: rows.count, page: height) {
            selection = moved
            return Reply()
        }
        switch key {
        case .escape, .character("q"): isOpen = false
        case .character("d"), .delete:
            guard let cookie = selected else { return Reply.error("no cookie to delete") }
            let domain = String(cookie.domain.drop { $0 == "." })
            return Reply([.run(.cookies(.delete(name: cookie.name, domain: domain)))])
        case .character("D"):
            guard !rows.isEmpty else { return Reply.error("the jar is empty") }
            confirmingClear = true
        case .character("r"): return Reply([.run(.cookies(.list(domain: nil)))])
        default: break
        }
        return Reply()
    }

    /// Draws the view centred in `bounds`.
    func draw(in bounds: Rect, now: Date, on buffer: inout ScreenBuffer) {
        let rect = bounds.centered(width: min(bounds.width, 110), height: min(bounds.height, max(1, rows.count) + 4))
        buffer.fill(rect)
        let jar = environment.map { "environment \($0)" } ?? "no environment"
        Box(title: "Cookies (\(jar)) — d delete, D clear all, r reload, Esc closes", focused: true)
            .draw(in: rect, on: &buffer)
        let inner = rect.inset(by: 1)
        let footer = inner.bottom(1)
        if confirmingClear {
            let question = "Clear all \(rows.count) cookies of \(jar)?  y clear · n keep"
            buffer.write(question, x: footer.x + 1, y: footer.y, style: Style(foreground: .red, attributes: .bold))
        } else {
            buffer.write(Format.count(rows.count, "cookie"), x: footer.x + 1, y: footer.y, style: .dim)
        }
        let list = inner.droppingBottom(1)
        guard !rows.isEmpty else {
            buffer.write("(no cookies)", x: list.x + 1, y: list.y, style: .dim, maxWidth: list.width - 1)
            return
        }
        let columns = CookieRow.header.indices.dropLast().map { column in
            ([CookieRow.header[column]] + rows.map { $0.columns(now: now)[column] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index < columns.count ? cell.padding(toLength: columns[index], withPad: " ", startingAt: 0) : cell
            }.joined(separator: "  ")
        }
        buffer.write(line(CookieRow.header), x: list.x, y: list.y, style: .bold, maxWidth: list.width)
        ListView(
            rows: rows.map { [Span(line($0.columns(now: now)))] }, selected: App.clamp(selection, count: rows.count),
            focused: true
        ).draw(in: list.droppingTop(1), on: &buffer)
    }
}
