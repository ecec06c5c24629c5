import Foundation
import Tern
import TernExplorer
import TernScreen

/// What `y` copies to the clipboard.
package enum YankTarget: String, Sendable, CaseIterable, Hashable {
    case body, header, url, curl

    /// The copy menu's label.
    var label: String {
        switch self {
        case .body: "the response body"
        case .header: "a response header's value…"
        case .url: "the URL"
        case .curl: "the curl command (as export curl writes it)"
        }
    }
}

/// Copying (`y`): through OSC 52, which terminals honour over ssh and inside tmux (`set-clipboard on`).
/// What is shown masked stays masked: the URL as the Request tab shows it, the curl command as
/// `export curl` writes it (secrets as `"$NAME"`).
extension App {
    /// The most a copy takes: terminals and tmux cap OSC 52, and a clipboard is no place for 50 MB.
    static let copyLimit = 1 << 20

    /// `y`: the copy menu, with what there is to copy now.
    static func openYankMenu(_ state: inout AppState) {
        var targets: [YankTarget] = []
        if let view = state.responsePane.view {
            if [.json, .text, .events].contains(view.body.kind) { targets.append(.body) }
            if !view.headers.isEmpty { targets.append(.header) }
        }
        if state.responsePane.view != nil || state.snapshot?.selected != nil { targets.append(.url) }
        if state.snapshot?.selected != nil { targets.append(.curl) }
        guard !targets.isEmpty else {
            state.status = StatusMessage(text: "nothing to copy yet: select a spec or send one", isError: true)
            return
        }
        let items = targets.map { Picker.Item($0.label, value: $0.rawValue) }
        state.dialog = .picker(Picker(.yank, title: "Copy to the clipboard", items: items))
    }

    /// Copies `target`: at once when the state has it, else through an effect that reads it.
    static func yank(_ target: YankTarget, _ state: inout AppState) -> [Effect] {
        let view = state.responsePane.view
        switch target {
        case .body:
            guard let body = view?.body, [.json, .text, .events].contains(body.kind) else {
                state.status = StatusMessage(text: "no text body to copy", isError: true)
                return []
            }
            return copied(String(decoding: body.text, as: UTF8.self), what: "the response body", &state)
        case .header:
            let headers = view?.headers ?? []
            let items = headers.map { line in
                let value = line.firstRange(of: ": ").map { String(line[$0.upperBound...]) } ?? ""
                return Picker.Item(line, value: value)
            }
            state.dialog = .picker(Picker(.headerValue, title: "Copy a header's value", items: items))
            return []
        case .url:
            if let line = view?.requestLines.first, let space = line.firstIndex(of: " ") {
                return copied(String(line[line.index(after: space)...]), what: "the URL", &state)
            }
            return [.yank(.url)]
        case .curl:
            return [.yank(.curl)]
        }
    }

    /// Puts `text` on the clipboard and says so on the status line.
    static func copied(_ text: String, what: String, _ state: inout AppState) -> [Effect] {
        var text = text
        var note = ""
        if text.utf8.count > copyLimit {
            text = String(decoding: Array(text.utf8.prefix(copyLimit)), as: UTF8.self)
            note = " (cut to the first \(Format.bytes(Int64(copyLimit))))"
        }
        let size = Format.bytes(Int64(text.utf8.count))
        state.status = StatusMessage(text: "copied \(what) to the clipboard: \(size)\(note)", isError: false)
        return [.copy(text)]
    }
}
