import Foundation
import Tern
import TernExplorer

/// What the activity panes do with their keys and with the lists the session sends back.
extension ActivityPanes: ActionComponent {
    /// The keys of the pane the strip shows (focusing an activity pane shows it there).
    var keyScope: KeyScope { .pane(strip) }

    /// Handles a key-table action while the pane the strip shows has the focus.
    mutating func perform(_ action: Action, _ context: ComponentContext) -> Reply {
        perform(action, in: strip, page: context.page)
    }

    /// Handles a key-table action while `pane` (one of the three) has the focus.
    mutating func perform(_ action: Action, in pane: Pane, page: Int = 5) -> Reply {
        switch pane {
        case .transfers:
            transferSelection = ListCursor.move(transferSelection, action, count: transfers.count, page: page)
        case .retryLog:
            retrySelection = ListCursor.move(retrySelection, action, count: retryLog.count, page: page)
        default:
            return cacheAction(action, page: page)
        }
        return Reply()
    }

    private mutating func cacheAction(_ action: Action, page: Int) -> Reply {
        let entry =
            cacheEntries.isEmpty ? nil : cacheEntries[ListCursor.clamp(cacheSelection, count: cacheEntries.count)]
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
            cacheSelection = ListCursor.move(cacheSelection, action, count: cacheEntries.count, page: page)
        }
        return Reply()
    }

    /// The retry log and transfers as the session keeps them; a cursor on the newest row follows new rows.
    mutating func activityArrived(retryLog: [RetryLogEntry], transfers: [TransferRecord]) {
        retrySelection = ListCursor.follow(retrySelection, old: self.retryLog.count, new: retryLog.count)
        transferSelection = ListCursor.follow(transferSelection, old: self.transfers.count, new: transfers.count)
        self.retryLog = retryLog
        self.transfers = transfers
    }

    /// The cache's entries were read.
    mutating func cacheLoaded(_ rows: [CacheRow]) {
        cacheEntries = rows
        cacheLoaded = true
        cacheSelection = ListCursor.clamp(cacheSelection, count: rows.count)
    }
}
