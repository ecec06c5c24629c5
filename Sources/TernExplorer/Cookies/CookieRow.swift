package import Foundation
package import Tern

/// A cookie as `cookies` lists it: the value masked, the attributes that decide where it goes.
package struct CookieRow: Sendable, Hashable {
    package var name: String
    /// The first four characters and `…` (values of eight characters or fewer show only `••••••`).
    package var maskedValue: String
    /// The domain; a leading `.` means subdomains receive it too (no host-only flag).
    package var domain: String
    package var path: String
    /// When it expires; `nil` for a session cookie.
    package var expires: Date?
    /// `Secure`, `HttpOnly`, `SameSite=…`.
    package var flags: [String]

    /// The row of `cookie`.
    package init(_ cookie: Cookie) {
        name = cookie.name
        maskedValue = Self.mask(cookie.value)
        domain = cookie.hostOnly ? cookie.domain : "." + cookie.domain
        path = cookie.path
        expires = cookie.expires
        flags = cookie.flags
    }

    /// `value` as listings show it: never whole.
    package static func mask(_ value: String) -> String {
        value.count > 8 ? String(value.prefix(4)) + "…" : SecretMask.text
    }

    /// "session" or the expiry date in UTC (`2026-11-23 10:00:00Z`).
    package func expiresText(now: Date) -> String {
        guard let expires else { return "session" }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        return formatter.string(from: expires) + "Z"
    }

    /// The columns a table shows: name, value, domain, path, expires, flags.
    package func columns(now: Date) -> [String] {
        [name, maskedValue, domain, path, expiresText(now: now), flags.joined(separator: " ")]
    }

    /// The table header matching `columns(now:)`.
    package static let header = ["NAME", "VALUE", "DOMAIN", "PATH", "EXPIRES", "FLAGS"]
}

extension CookieRow {
    /// `rows` as aligned text lines under a header, for a window (`(no cookies)` when empty).
    package static func lines(_ rows: [CookieRow], now: Date) -> [String] {
        let hint = "'cookies delete NAME [--domain D]' deletes one, 'cookies clear' all"
        guard !rows.isEmpty else { return ["(no cookies)", "", hint] }
        let table = [header] + rows.map { $0.columns(now: now) }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        let lines = table.map { cells in
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        return lines + ["", hint]
    }
}
