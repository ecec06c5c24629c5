import Foundation
import Tern
import TernExplorer

/// What the activity panes do with their keys and with the lists the session sends back.
extension ActivityPanes {
    /// Handles a key-table action while `pane` (one of the three) has the focus.
    mutating func perform(_ action: Action, in pane: Pane) -> Reply {
        switch pane {
        case .transfers:
            transferSelection = App.move(transferSelection, action, count: transfers.count, page: 5)
        case .retryLog:
            retrySelection = App.move(retrySelection, action, count: retryLog.count, page: 5)
        default:
            return cacheAction(action)
        }
        return Reply()
    }

    private mutating func cacheAction(_ action: Action) -> Reply {
        let entry = cacheEntries.isEmpty ? nil : cacheEntries[App.clamp(cacheSelection, count: cacheEntries.count)]
        switch action {
        case .open:
            guard let entry else { return Reply() }
            return Reply([.openCacheEntry(entry.key)])
        case .delete:
            guard let entry else { return Reply() }
            return Reply(dialog: .confirmDelete(key: entry.key))
        case .clearAll:
            guard !cacheEntries.isEmpty else {
                return Reply(status: StatusMessage(text: "the cache is empty", isError: false))
            }
            return Reply(dialog: .confirmClear)
        case .refresh:
            return Reply([.loadCache])
        default:
            cacheSelection = App.move(cacheSelection, action, count: cacheEntries.count, page: 5)
        }
        return Reply()
    }

    /// The retry log and transfers as the session keeps them; a cursor on the newest row follows new rows.
    mutating func activityArrived(retryLog: [RetryLogEntry], transfers: [TransferRecord]) {
        retrySelection = App.follow(retrySelection, old: self.retryLog.count, new: retryLog.count)
        transferSelection = App.follow(transferSelection, old: self.transfers.count, new: transfers.count)
        self.retryLog = retryLog
        self.transfers = transfers
    }

    /// The cache's entries were read.
    mutating func cacheLoaded(_ rows: [CacheRow]) {
        cacheEntries = rows
        cacheLoaded = true
        cacheSelection = App.clamp(cacheSelection, count: rows.count)
    }
}
