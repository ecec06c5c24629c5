import Foundation
import TernExplorer
import TernSQLite
import TernScreen

/// What the history view does with its keys.
extension HistoryList {
    /// Up/Down (j/k) select, Enter opens the entry, Esc (or q) closes (`s`, sending the entry's spec
    /// again, is `App.historyKey`'s: it starts a send).
    mutating func key(_ key: Key, height: Int) -> Reply {
        let count = entries.count
        switch key {
        case .up, .character("k"): selection = App.move(selection, .up, count: count, page: height)
        case .down, .character("j"): selection = App.move(selection, .down, count: count, page: height)
        case .pageUp: selection = App.move(selection, .pageUp, count: count, page: height)
        case .pageDown: selection = App.move(selection, .pageDown, count: count, page: height)
        case .home, .character("g"): selection = 0
        case .end, .character("G"): selection = max(0, count - 1)
        case .escape, .character("q"): isOpen = false
        case .enter:
            guard let entry = selected else { return Reply() }
            isOpen = false
            let name = entry.spec ?? "\(entry.method) \(entry.url)"
            return Reply([.openHistoryEntry(entry)], status: StatusMessage(text: "opening \(name)…", isError: false))
        default: break
        }
        return Reply()
    }
}
