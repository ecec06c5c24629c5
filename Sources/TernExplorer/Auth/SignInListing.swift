/// What `auth status` shows: the stored OAuth 2.0 tokens of one environment, never the tokens.
package struct SignInListing: Sendable, Hashable {
    /// A row per stored token.
    package var rows: [SignInRow]
    /// The environment (`nil`: none in force).
    package var environment: String?

    /// Makes a listing.
    package init(rows: [SignInRow], environment: String?) {
        self.rows = rows
        self.environment = environment
    }
}
