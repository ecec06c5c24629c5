import TernScreen

/// A cursor in a list: the moves every list-shaped component (tree, tables, views, pickers) shares.
enum ListCursor {
    /// `index` kept inside a list of `count` rows (0 when the list is empty).
    static func clamp(_ index: Int, count: Int) -> Int {
        count == 0 ? 0 : min(max(0, index), count - 1)
    }

    /// Keeps a selection on the newest row when it was on the newest row before.
    static func follow(_ selection: Int, old: Int, new: Int) -> Int {
        if old == 0 || selection >= old - 1 { return max(0, new - 1) }
        return clamp(selection, count: new)
    }

    /// The selection after a list action (up, down, pages, top, bottom); others leave it where it is.
    static func move(_ index: Int, _ action: Action, count: Int, page: Int) -> Int {
        let moved: Int
        switch action {
        case .up: moved = index - 1
        case .down: moved = index + 1
        case .pageUp: moved = index - page
        case .pageDown: moved = index + page
        case .top: moved = 0
        case .bottom: moved = count - 1
        default: moved = index
        }
        return clamp(moved, count: count)
    }
}

/// A yes/no question's keys: `y` is yes; `n` and `Esc` are no; other keys leave the question open.
enum Answer {
    /// The answer `key` gives, or `nil`.
    static func of(_ key: Key) -> Bool? {
        switch key {
        case .character("y"), .character("Y"): return true
        case .character("n"), .character("N"), .escape: return false
        default: return nil
        }
    }
}
