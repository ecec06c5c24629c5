import Foundation
import TernExplorer

extension Printer {
    /// `cookies`: one row per cookie, values masked.
    func cookies(_ rows: [CookieRow], environment: String?) -> String {
        let jar = environment.map { "environment \($0)" } ?? "no environment"
        guard !rows.isEmpty else { return "no cookies (\(jar))\n" }
        let table = TextTable(header: CookieRow.header, rows: rows.map { $0.columns(now: now) })
        return table.render(style) + style.dim("\(rows.count) cookie\(rows.count == 1 ? "" : "s") (\(jar))") + "\n"
    }
}
