/// A mouse event the terminal reported: the left button pressed, or the wheel turned, at a cell.
package struct MouseEvent: Sendable, Hashable {
    /// What happened.
    package enum Kind: Sendable, Hashable {
        case press, wheelUp, wheelDown
    }

    package var kind: Kind
    package var x: Int
    package var y: Int

    /// An event of `kind` at column `x`, row `y` (from 0).
    package init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}

/// A key press, decoded by the terminal.
package enum Key: Sendable, Hashable, CustomStringConvertible {
    case character(Character)
    /// Ctrl plus a letter (`ctrl("c")`); Tab, Enter, Backspace and Esc have their own cases.
    case ctrl(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, tab, backTab, backspace, delete, escape
    case function(Int)
    /// The terminal was resized (the runtime asks for the new size).
    case resize
    /// A mouse button or wheel, at a cell.
    case mouse(MouseEvent)

    package var description: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .ctrl(let c): return "Ctrl-\(c.uppercased())"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .escape: return "Esc"
        case .function(let n): return "F\(n)"
        case .resize: return "resize"
        case .mouse(let event): return "mouse \(event.kind) at \(event.x),\(event.y)"
        }
    }

    /// Decodes a control byte or a printable scalar as a terminal delivers it.
    package init(scalar: Unicode.Scalar) {
        switch scalar.value {
        case 9: self = .tab
        case 10, 13: self = .enter
        case 27: self = .escape
        case 8, 127: self = .backspace
        case 1...26: self = .ctrl(Character(Unicode.Scalar(scalar.value + 96) ?? "?"))
        default: self = .character(Character(scalar))
        }
    }
}
