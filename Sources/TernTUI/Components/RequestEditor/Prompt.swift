import Foundation
package import TernExplorer
package import TernScreen

/// A small form shown over the frame: adding or editing a table row, the method, the path, a secret
/// a send needs. Enter applies it, Esc drops it; either closes it.
package struct Prompt: Sendable, Hashable {
    /// What the form's answer changes.
    package enum Purpose: Sendable, Hashable {
        case addItem(Command.EditField)
        case editItem(Command.EditField, original: String)
        case method
        case path
        /// A secret a send needs: kept in the workspace's store (`keep`, Tab switches) or used for this
        /// session only, then `resend` is sent again (`.some(nil)`: the selected spec).
        case secret(name: String, resend: String??, keep: Bool)
        /// The value of an argument in the GraphQL query builder (JSON, or a string as typed).
        case graphQLArgument(GraphQLArgumentRow)
    }

    package var purpose: Purpose
    package var title: String
    package var labels: [String]
    package var fields: [TextField]
    package var focus: Int = 0
    /// Whether the form is still over the frame (Enter and Esc close it).
    package var isOpen = true

    /// Whether the form asks for a secret (shown as dots, Tab chooses where it goes).
    var isSecret: Bool { if case .secret = purpose { true } else { false } }
}

extension Prompt: Component {
    /// A key while the form is open: Tab and the arrows move between the fields (in a secret's one
    /// field Tab chooses where it is kept), Enter applies the form, Esc drops it, other keys edit
    /// the field with the cursor.
    mutating func handle(_ key: Key, _ context: ComponentContext) -> Reply? {
        switch key {
        case .escape:
            isOpen = false
        case .tab where isSecret, .backTab where isSecret:
            if case .secret(let name, let resend, let keep) = purpose {
                purpose = .secret(name: name, resend: resend, keep: !keep)
            }
        case .tab, .down:
            focus = (focus + 1) % fields.count
        case .backTab, .up:
            focus = (focus + fields.count - 1) % fields.count
        case .enter:
            isOpen = false
            return submitted()
        default:
            _ = fields[focus].handle(key)
        }
        return Reply()
    }

    /// What Enter asks for: the edit the form describes, or the secret set (then sent again).
    private func submitted() -> Reply {
        let values = fields.map { $0.text.trimmingCharacters(in: .whitespaces) }
        switch purpose {
        case .addItem(let field):
            return Reply([.apply(.setItem(field, replacing: nil, name: values[0], value: fields[1].text))])
        case .editItem(let field, let original):
            return Reply([.apply(.setItem(field, replacing: original, name: values[0], value: fields[1].text))])
        case .method:
            return Reply([.apply(.method(values[0]))])
        case .path:
            return Reply([.apply(.path(values[0]))])
        case .secret(let name, let resend, let keep):
            // The value as typed: a secret's spaces are its own. Once set, the send runs again
            // (`App.finished`).
            let set = Command.set(keep ? .secret : .sessionSecret, name: name, value: fields[0].text)
            return Reply([.run(set)], event: .secretEntered(resend: resend))
        case .graphQLArgument(let row):
            let tick = Command.GraphQLTick.value(path: row.path, name: row.argument.name, text: values[0])
            return Reply([
                .run(.graphql(.tick(target: row.target, operation: row.root.operation, field: row.root.name, tick)))
            ])
        }
    }

    /// Draws the form centred in `rect` (the frame).
    func draw(in rect: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer) {
        let width = min(rect.width - 4, 70)
        let labelWidth = (labels.map { CellWidth.of($0) }.max() ?? 0) + 2
        let box = rect.centered(width: width, height: fields.count + 4)
        buffer.fill(box)
        Box(title: title, focused: true).draw(in: box, on: &buffer)
        let inner = box.inset(by: 1)
        for (index, typed) in fields.enumerated() {
            // A secret is never shown: one dot per character, the cursor where it is.
            var field = typed
            if isSecret { field.text = String(repeating: "•", count: typed.text.count) }
            let y = inner.y + index
            buffer.write(labels[index] + ":", x: inner.x + 1, y: y, style: .bold)
            let area = Rect(x: inner.x + 1 + labelWidth, y: y, width: inner.width - labelWidth - 2, height: 1)
            buffer.fill(area, with: Cell(" ", style: .underline))
            field.draw(in: area, on: &buffer, style: .underline, showsCursor: index == focus)
        }
        var hint = "Enter saves · Tab next field · Esc cancels"
        if case .secret(_, _, let keep) = purpose {
            hint =
                keep
                ? "Enter: keep in .tern/secrets.yaml · Tab: this session only · Esc"
                : "Enter: use this session only (not written) · Tab: keep · Esc"
        }
        buffer.write(hint, x: inner.x + 1, y: inner.maxY - 1, style: .dim, maxWidth: inner.width - 2)
    }
}
