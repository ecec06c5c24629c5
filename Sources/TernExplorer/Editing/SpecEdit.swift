/// An edit the request editor makes to the selected spec (or, for variables, to the session).
package enum SpecEdit: Sendable, Hashable {
    case method(String)
    case path(String)
    /// Adds an item, or replaces the one called `replacing` in place.
    case setItem(Command.EditField, replacing: String?, name: String, value: String)
    case removeItem(Command.EditField, name: String)
    /// Switches a header or query parameter off (kept, not sent) or back on.
    case toggle(Command.EditField, name: String)
    case body(String)
}
