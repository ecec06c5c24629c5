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
    package var selected: CookieRow? { rows.isEmpty ? nil : rows[ListCursor.clamp(selection, count: rows.count)] }

    /// Draws the view centred in `bounds`, its title naming the keys of the table it is given.
    func draw(in bounds: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer) {
        let now = context.now
        let rect = bounds.centered(width: min(bounds.width, 110), height: min(bounds.height, max(1, rows.count) + 4))
        buffer.fill(rect)
        let jar = environment.map { "environment \($0)" } ?? "no environment"
        let keys = context.keys
        let hint = [(Action.delete, "delete"), (.clearAll, "clear all"), (.refresh, "reload")]
            .map { "\(keys.key(for: $0, in: .cookies)) \($1)" }.joined(separator: ", ")
        Box(title: "Cookies (\(jar)) — \(hint), \(keys.key(for: .close, in: .cookies)) closes", focused: true)
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
            rows: rows.map { [Span(line($0.columns(now: now)))] },
            selected: ListCursor.clamp(selection, count: rows.count),
            focused: true
        ).draw(in: list.droppingTop(1), on: &buffer)
    }
}
