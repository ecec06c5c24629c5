import Foundation
import TernExplorer
import TernScreen

/// What the run results view does with its keys.
extension RunResults {
    /// Up/Down (j/k) select, Enter opens the selected spec's response, Esc (or q) closes the view.
    mutating func key(_ key: Key, height: Int) -> Reply {
        let count = summary.results.count
        switch key {
        case .up, .character("k"): selection = App.move(selection, .up, count: count, page: height)
        case .down, .character("j"): selection = App.move(selection, .down, count: count, page: height)
        case .pageUp: selection = App.move(selection, .pageUp, count: count, page: height)
        case .pageDown: selection = App.move(selection, .pageDown, count: count, page: height)
        case .home, .character("g"): selection = 0
        case .end, .character("G"): selection = max(0, count - 1)
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
