import TernScreen

/// What a picker does with its keys (the table's `Pickers` scope).
extension Picker: ActionComponent {
    /// The pickers' keys.
    var keyScope: KeyScope { .picker }

    /// Moves the highlight, chooses the highlighted item (`open`) or cancels (`close`).
    mutating func perform(_ action: Action, _ context: ComponentContext) -> Reply {
        switch action {
        case .close:
            isOpen = false
        case .open:
            isOpen = false
            guard let selected else { return Reply() }
            return Reply(event: .choose(selected, purpose))
        default:
            selection = ListCursor.move(selection, action, count: items.count, page: context.page)
        }
        return Reply()
    }
}
