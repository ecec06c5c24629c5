package import TernScreen

extension Key {
    /// The key called `name` as help and docs/keys.md write it: a character (`e`, `E`, `<`), `Ctrl-E`,
    /// `F2`, `Space`, `Enter`, `Tab`, `Shift-Tab`, `Esc`, `Backspace`, `Delete`, `PgUp`, `PgDn`, `Home`,
    /// `End`, or an arrow (`↑`, also `Up`).
    package init?(name: String) {
        let named: [String: Key] = [
            "space": .character(" "), "enter": .enter, "tab": .tab, "shift-tab": .backTab, "esc": .escape,
            "escape": .escape, "backspace": .backspace, "delete": .delete, "pgup": .pageUp, "pgdn": .pageDown,
            "home": .home, "end": .end, "up": .up, "down": .down, "left": .left, "right": .right, "↑": .up,
            "↓": .down, "←": .left, "→": .right,
        ]
        if let key = named[name.lowercased()] {
            self = key
            return
        }
        if name.count == 1, let character = name.first, !character.isWhitespace {
            self = .character(character)
            return
        }
        let lower = name.lowercased()
        if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, letter.isLetter, letter.isASCII {
            // Ctrl-C always quits at once, and Tab, Enter, Backspace and Esc are control bytes of their own.
            guard !"cihjm[".contains(letter) else { return nil }
            self = .ctrl(letter)
            return
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            self = .function(number)
            return
        }
        return nil
    }
}
