import Foundation
import TernExplorer
import TernScreen

/// What a component reads but does not own: the session's snapshot, the key table in force, the
/// clock, whether it has the focus and how far a page moves it.
struct ComponentContext {
    /// The session as last read; `nil` until the first snapshot arrives.
    var snapshot: ExplorerSnapshot?
    /// The key table the component looks its keys up in.
    var keys: KeyTable
    /// The clock reading relative times are measured from.
    var now: Date
    /// The zone clock times are shown in.
    var timeZone: ClockZone
    /// Whether the component has the focus (its cursor shows).
    var focused: Bool
    /// How many rows a page key moves.
    var page: Int
}

/// The one shape every piece of the TUI has (Slumber's `Component`): its own state (the conforming
/// value), an update that takes a key and hands back a `Reply` — effects for the runtime, what the
/// shared lines show, and an event for its parent to interpret instead of reaching into the app —
/// or `nil` when the key is not its own (not consumed: the parent, or the next layer of the focus
/// stack, has it), and a pure view. Results that come back from effects arrive through the
/// component's own named `mutating` methods, which `App.update`'s one switch calls and which reply
/// the same way.
protocol Component {
    /// A key while the component has the focus; `nil` when it does not take it.
    mutating func handle(_ key: Key, _ context: ComponentContext) -> Reply?

    /// Draws the component in `rect`.
    func draw(in rect: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer)
}

/// A component whose keys are the key table's: its scope binds them to the actions it performs (the
/// panes, the views over the frame, the pickers). A line being typed (`TreeFilter`, `SearchState`,
/// `FilterState`, `CommandLineInput`, `Prompt`) is a plain `Component`: its keys are text, Enter and Esc.
protocol ActionComponent: Component {
    /// Where the component's keys are in the key table.
    var keyScope: KeyScope { get }

    /// Does what `action` asks.
    mutating func perform(_ action: Action, _ context: ComponentContext) -> Reply
}

extension ActionComponent {
    /// The action the component's scope binds `key` to, performed; `nil` when the scope does not
    /// bind it (the key goes on down the focus stack).
    mutating func handle(_ key: Key, _ context: ComponentContext) -> Reply? {
        guard let action = context.keys.action(for: key, in: keyScope) else { return nil }
        return perform(action, context)
    }
}
