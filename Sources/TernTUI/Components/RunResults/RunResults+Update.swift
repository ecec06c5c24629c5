import Foundation
import TernExplorer
import TernScreen

/// What the run results view does with its keys.
extension RunResults {
    /// Up/Down (j/k) select, Enter opens the selected spec's response, Esc (or q) closes the view.
    mutating func key(_ key: Key, height: Int) -> Reply {
        let count = summary.results.count
        if let moved = App.listMove(selection, key, count: count, page: height) {
            selection = moved
            return Reply()
        }
        switch key {
        case .escape, .character("q"): isOpen = false
        case .enter:
            guard let result = selected else { return Reply() }
            guard responses[result.id] != nil else {
                return .error("\(result.id) got no response in this run: \(result.error ?? "it was not sent")")
            }
            isOpen = false
        default: break
        }
        return Reply()
    }
}
