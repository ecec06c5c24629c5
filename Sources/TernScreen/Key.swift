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
