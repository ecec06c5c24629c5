import Tern
import TernExplorer
import TernScreen

/// A short list over the frame to choose one item from: the environment (`E`), the mode (`O`), what
/// to copy (`y`) and which header's value. The current item is marked `●`; Enter chooses, Esc cancels.
package struct Picker: Sendable, Hashable {
    /// What choosing an item does.
    package enum Purpose: Sendable, Hashable {
        case environment, mode
        /// The copy menu: the values are `YankTarget` raw values.
        case yank
        /// A response header's value; the values are the values.
        case headerValue
    }

    /// One choice: what the list shows and what choosing it gives.
    package struct Item: Sendable, Hashable {
        package var label: String
        package var value: String

        /// An item showing `label` that gives `value`.
        package init(_ label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    package var purpose: Purpose
    package var title: String
    package var items: [Item]
    /// The item in force now (marked), if it is in the list.
    package var current: Int?
    /// The highlighted item.
    package var selection: Int
    /// Whether the picker is over the frame (choosing or cancelling closes it).
    package var isOpen = true

    /// A picker with the current item (else the first) highlighted.
    package init(_ purpose: Purpose, title: String, items: [Item], current: Int? = nil) {
        self.purpose = purpose
        self.title = title
        self.items = items
        self.current = current
        selection = current ?? 0
    }

    /// The environments of `snapshot`, the active one marked.
    static func environments(_ snapshot: ExplorerSnapshot) -> Picker {
        let items = snapshot.environments.map { Item($0, value: $0) }
        let current = snapshot.environment.flatMap { snapshot.environments.firstIndex(of: $0) }
        return Picker(.environment, title: "Environment", items: items, current: current)
    }

    /// The response modes, `mode` marked.
    static func modes(current mode: ResponseMode) -> Picker {
        let items = ResponseMode.allCases.map { Item("\($0.rawValue)  \(Self.summary(of: $0))", value: $0.rawValue) }
        return Picker(.mode, title: "Mode", items: items, current: ResponseMode.allCases.firstIndex(of: mode))
    }

    /// What each mode does, in a few words.
    static func summary(of mode: ResponseMode) -> String {
        switch mode {
        case .normal: "a valid stored answer, else the network"
        case .live: "always the network (the answer is stored)"
        case .cache: "stored answers only, never the network"
        case .sample: "a valid stored answer, else the spec's sample"
        }
    }

    /// The highlighted item.
    var selected: Item? { items.isEmpty ? nil : items[ListCursor.clamp(selection, count: items.count)] }

    /// Draws the list centred in `bounds`, its hint naming the keys of the table it is given.
    func draw(in bounds: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer) {
        let keys = context.keys
        let hint = "\(keys.key(for: .open, in: .picker)) chooses · \(keys.key(for: .close, in: .picker)) cancels"
        let widest = items.map { CellWidth.of($0.label) + 4 }.max() ?? 0
        let width = min(bounds.width, max(CellWidth.of(title) + 6, CellWidth.of(hint) + 4, widest + 2))
        let rect = bounds.centered(width: width, height: min(bounds.height, max(1, items.count) + 3))
        buffer.fill(rect)
        Box(title: title, focused: true).draw(in: rect, on: &buffer)
        let inner = rect.inset(by: 1)
        let rows = items.enumerated().map { index, item in
            [Span(index == current ? "● " : "  ", Style(foreground: .green, attributes: .bold)), Span(item.label)]
        }
        if rows.isEmpty {
            buffer.write("(none)", x: inner.x + 1, y: inner.y, style: .dim, maxWidth: inner.width - 1)
        } else {
            ListView(rows: rows, selected: ListCursor.clamp(selection, count: items.count), focused: true)
                .draw(in: inner.droppingBottom(1), on: &buffer)
        }
        buffer.write(hint, x: inner.x + 1, y: inner.maxY - 1, style: .dim, maxWidth: inner.width - 1)
    }
}
