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
        if let moved = App.listMove(selection, key, count: count, page: height) {
            selection = moved
            return Reply()
        }
        switch key {
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
