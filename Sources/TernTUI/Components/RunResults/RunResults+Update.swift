import Foundation
import TernExplorer
import TernScreen

/// What the run results view does with its keys (the table's `Run results` scope).
extension RunResults: ActionComponent {
    /// The run results view's keys.
    var keyScope: KeyScope { .runResults }

    /// Moves the selection, opens the selected spec's response (`open`) or closes the view.
    mutating func perform(_ action: Action, _ context: ComponentContext) -> Reply {
        switch action {
        case .close:
            isOpen = false
        case .open:
            guard let result = selected else { return Reply() }
            guard let view = responses[result.key] else {
                return .error("\(result.key) got no response in this run: \(result.error ?? "it was not sent")")
            }
            isOpen = false
            return Reply(event: .showResponse(view))
        default:
            selection = ListCursor.move(selection, action, count: summary.results.count, page: context.page)
        }
        return Reply()
    }
}
