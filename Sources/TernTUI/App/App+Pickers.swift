import Foundation
import Tern
import TernExplorer
import TernScreen

/// The pickers: opening them (`E`, `O`, `y`) and what choosing an item does.
extension App {
    /// `E`: the environments, the active one marked.
    static func openEnvironmentPicker(_ state: inout AppState) {
        guard let snapshot = state.snapshot else { return }
        guard !snapshot.environments.isEmpty else {
            state.status = StatusMessage(
                text: "this workspace has no environments (environments/*.yaml)", isError: true)
            return
        }
        state.dialog = .picker(Picker.environments(snapshot))
    }

    /// `O`: the four modes, the one in force (or last asked for) marked.
    static func openModePicker(_ state: inout AppState) {
        state.dialog = .picker(Picker.modes(current: state.pendingModes.last ?? state.snapshot?.mode ?? .normal))
    }

    /// A key while a picker is open: the picker takes every key.
    static func pickerKey(_ key: Key, _ picker: Picker, _ state: inout AppState) -> [Effect] {
        var picker = picker
        let reply = picker.handle(key, state.pickerContext) ?? Reply()
        state.dialog = picker.isOpen ? .picker(picker) : nil
        return state.apply(reply)
    }

    /// What choosing `item` in a picker for `purpose` does.
    static func choose(_ item: Picker.Item, for purpose: Picker.Purpose, _ state: inout AppState) -> [Effect] {
        switch purpose {
        case .environment:
            if item.value == state.snapshot?.environment { return [] }
            state.status = StatusMessage(text: "switching to environment \(item.value)…", isError: false)
            return [.run(.environment(item.value))]
        case .mode:
            guard let mode = ResponseMode(rawValue: item.value) else { return [] }
            if mode == (state.pendingModes.last ?? state.snapshot?.mode) { return [] }
            state.pendingModes.append(mode)
            return [.run(.mode(mode))]
        case .yank:
            guard let target = YankTarget(rawValue: item.value) else { return [] }
            return yank(target, &state)
        case .headerValue:
            return copied(item.value, what: "the value of \(item.label.prefix { $0 != ":" })", &state)
        }
    }
}
