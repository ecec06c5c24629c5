/// What `cookies list` shows: the rows of one jar and whose jar it is.
package struct CookieListing: Sendable, Hashable {
    /// The cookies, values masked.
    package var rows: [CookieRow]
    /// The environment whose jar it is (`nil`: none in force).
    package var environment: String?

    /// Makes a listing.
    package init(rows: [CookieRow], environment: String?) {
        self.rows = rows
        self.environment = environment
    }
}
