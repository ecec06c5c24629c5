package import TernExplorer
import TernScreen

/// The request editor's tabs.
package enum EditorTab: Int, Sendable, CaseIterable, Hashable {
    case query, headers, variables, body

    /// The tab's label.
    package var title: String {
        switch self {
        case .query: return "Query"
        case .headers: return "Headers"
        case .variables: return "Vars"
        case .body: return "Body"
        }
    }

    /// The command-language field the tab's table edits.
    var field: Command.EditField? {
        switch self {
        case .query: return .query
        case .headers: return .header
        case .variables: return .variable
        case .body: return nil
        }
    }
}

/// The places a refused send found wrong in a spec's body, kept with the body they were found in.
package struct BodyMarks: Sendable, Hashable {
    package var spec: String
    package var body: String
    package var places: [BodyPlace]

    /// The places to mark in `detail`'s body: none once it is another spec or its body changed.
    func places(in detail: SpecDetail) -> [BodyPlace] {
        detail.id == spec && detail.body == body ? places : []
    }
}

/// A refused send's places waiting for a snapshot that shows their spec selected.
package struct PendingMarks: Sendable, Hashable {
    package var places: [BodyPlace]
    /// The spec the snapshot showed selected when the refusal came.
    package var since: String?
}

/// The request editor pane's state: the tab, the cursor in its table and the open form.
package struct RequestEditor: Sendable, Hashable {
    /// The tab shown.
    package var tab: EditorTab = .query
    /// The cursor's row in the tab's table.
    package var selection = 0
    /// The form over the frame, while one is open.
    package var prompt: Prompt?
    /// What the last refused send found wrong in the selected spec's body, and the body it was found in:
    /// the Body tab marks each place while the body is that text.
    package var marks: BodyMarks?
    /// A refused send's places whose spec no snapshot has shown selected yet (the select and the send run
    /// apart, and the refusal can come first): marked when that spec's snapshot arrives, dropped when one
    /// shows a spec that is neither it nor `since`, the spec selected when the refusal came.
    package var pendingMarks: PendingMarks?
    /// The field the query builder ticked last, by its path below the root field: the Body tab shows its
    /// line when the operation is taller than the pane.
    package var ticked: [String]?
    /// The variables in force with their sources, highest precedence first; `nil` until read
    /// (the Vars tab then shows the snapshot's session and environment values).
    package var variableRows: [VariableRow]?

    /// An editor on the Query tab.
    package init() {}

    /// The rows of the current tab's table for `snapshot`.
    package func items(of snapshot: ExplorerSnapshot?) -> [EditableItem] {
        guard let snapshot else { return [] }
        switch tab {
        case .query: return snapshot.selected?.query ?? []
        case .headers: return snapshot.selected?.headers ?? []
        case .variables:
            guard let variableRows else { return snapshot.variables }
            return variableRows.map { EditableItem(name: $0.name, value: $0.value, origin: $0.source.origin) }
        case .body: return []
        }
    }
}

extension VariableRow.Source {
    /// The short origin the editor's rows carry: `session`, `captured` or the environment's name.
    var origin: String {
        switch self {
        case .override: return "session"
        case .captured: return "captured"
        case .environment(let name): return name
        }
    }
}
