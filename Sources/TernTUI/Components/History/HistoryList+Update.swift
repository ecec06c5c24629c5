import Foundation
import TernExplorer
import TernExplorerStorage
import TernScreen

/// What the history view does with its keys (the table's `History` scope).
extension HistoryList: ActionComponent {
    /// The history view's keys.
    var keyScope: KeyScope { .history }

    /// Moves the selection, opens the entry (`open`), sends its spec again (`send`) or closes the view.
    mutating func perform(_ action: Action, _ context: ComponentContext) -> Reply {
        switch action {
        case .close:
            isOpen = false
        case .wrap:
            wraps.toggle()
        case .open:
            guard let entry = selected else { return Reply() }
            isOpen = false
            let name = entry.spec ?? "\(entry.method) \(entry.url)"
            return Reply([.openHistoryEntry(entry)], status: StatusMessage(text: "opening \(name)…", isError: false))
        case .send:
            guard let spec = selected?.spec else {
                return .error(
                    "this request was typed, not sent from a spec: 'tern get URL … --save NAME' makes one "
                        + "that can be sent again")
            }
            isOpen = false
            return Reply(event: .send(spec))
        default:
            selection = ListCursor.move(selection, action, count: entries.count, page: context.page)
        }
        return Reply()
    }
}
