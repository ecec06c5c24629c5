import TernExplorer
import TernScreen

/// What the workspace tree does with its keys and with a new snapshot.
extension WorkspaceTree: ActionComponent {
    /// The tree pane's keys.
    var keyScope: KeyScope { .pane(.tree) }

    /// Handles a key-table action while the tree has the focus.
    mutating func perform(_ action: Action, _ context: ComponentContext) -> Reply {
        let rows = rows(of: context.snapshot)
        guard !rows.isEmpty || action == .filter else { return Reply() }
        if let reply = builder.perform(action, on: rows[ListCursor.clamp(selection, count: rows.count)]) {
            return reply
        }
        switch action {
        case .open:
            let row = rows[ListCursor.clamp(selection, count: rows.count)]
            switch row.kind {
            case .group(let path, let expanded):
                if expanded { collapsed.insert(path) } else { collapsed.remove(path) }
            case .spec(let spec):
                return Reply([.select(spec.id)])
            case .grpcTarget(let target, let expanded):
                if case .failed = grpc[target] {
                    // Asked again (the server may be up now).
                    grpc[target] = .loading
                    return Reply([.run(.grpcTarget(.catalog(target)))])
                }
                let key = "grpc:" + target
                if expanded { collapsed.insert(key) } else { collapsed.remove(key) }
            case .grpcService(let target, let name, let expanded):
                let key = "grpc:\(target)/\(name)"
                if expanded { collapsed.insert(key) } else { collapsed.remove(key) }
            case .grpcMethod(let target, let method):
                return Reply(
                    [.run(.grpcTarget(.draft(target: target, method: method.path)))],
                    status: StatusMessage(text: "opening \(method.path)…", isError: false))
            case .graphQLTarget(let target, let expanded):
                if case .failed = graphQL[target] {
                    graphQL[target] = .loading
                    return Reply([.run(.graphql(.catalog(target: target)))])
                }
                let key = "graphql:" + target
                if expanded { collapsed.insert(key) } else { collapsed.remove(key) }
            case .graphQLField(let target, let field):
                // Its arguments and fields open below it, for the query builder.
                _ = builder.perform(.expand, on: row)
                return Reply(
                    [.run(.graphql(.draft(target: target, operation: field.operation, field: field.name)))],
                    status: StatusMessage(text: "opening \(field.operation) \(field.name)…", isError: false))
            case .note, .graphQLMember, .graphQLArgument:
                break
            }
        case .edit:
            // The spec under the cursor, selected and its body opened in $EDITOR: no Enter first.
            guard case .spec(let spec) = rows[ListCursor.clamp(selection, count: rows.count)].kind else {
                return .error("e edits a spec's body: move the cursor onto a spec")
            }
            return Reply([.editBody(of: spec.id)])
        case .collapse, .expand:
            let row = rows[ListCursor.clamp(selection, count: rows.count)]
            if let key = row.groupKey {
                if action == .collapse { collapsed.insert(key) } else { collapsed.remove(key) }
            } else if action == .collapse,
                let parent = rows[..<selection].lastIndex(where: { $0.depth < row.depth })
            {
                selection = parent
            }
        case .filter:
            filterField = TreeFilter(filter)
        case .runSpecs, .runWithData:
            // The group under the cursor, or the spec.
            let name: String
            switch rows[ListCursor.clamp(selection, count: rows.count)].kind {
            case .group(let path, _): name = path
            case .spec(let spec): name = spec.id
            default: return .error("R runs specs and groups: a gRPC method runs once saved as a spec (:save NAME)")
            }
            return Reply(event: action == .runSpecs ? .run(RunTarget([name])) : .compose("run \(name) --data "))
        default:
            selection = ListCursor.move(selection, action, count: rows.count, page: context.page)
        }
        return Reply()
    }

    /// A key while the filter is typed: its line takes it and the rows narrow as its text changes;
    /// ↑/↓, which the line does not take, move the cursor.
    mutating func filterKey(_ key: Key, _ context: ComponentContext) -> Reply {
        guard var line = filterField else { return Reply() }
        let snapshot = context.snapshot
        guard let reply = line.handle(key, context) else {
            if key == .up || key == .down {
                let action: Action = key == .up ? .up : .down
                selection = ListCursor.move(selection, action, count: rows(of: snapshot).count, page: 1)
            }
            return Reply()
        }
        filterField = line.isOpen ? line : nil
        switch reply.event {
        case .cancelled:
            clearFilter(snapshot: snapshot)
        case .edited(let text), .submitted(let text):
            filter = text
            // Land on the first spec (or gRPC method) that matches.
            selection = rows(of: snapshot).firstIndex { $0.isLeaf } ?? 0
        default:
            return reply
        }
        return Reply(reply.effects, status: reply.status, dialog: reply.dialog)
    }

    /// The row under the cursor.
    func cursorRow(of snapshot: ExplorerSnapshot?) -> TreeRow? {
        let rows = rows(of: snapshot)
        return rows.isEmpty ? nil : rows[ListCursor.clamp(selection, count: rows.count)]
    }

    /// Drops the filter; the cursor stays on the row it was on (the same spec or group), so a key
    /// meant for it (`R`, `s`) still acts on it.
    mutating func clearFilter(snapshot: ExplorerSnapshot?) {
        let current = cursorRow(of: snapshot)
        filter = ""
        let rows = rows(of: snapshot)
        if let current, let index = rows.firstIndex(where: { $0.identity == current.identity }) {
            selection = index
        } else {
            selection = ListCursor.clamp(selection, count: rows.count)
        }
    }

    /// A new snapshot arrived: the cursor stays on a row.
    mutating func snapshotChanged(_ snapshot: ExplorerSnapshot) {
        selection = ListCursor.clamp(selection, count: rows(of: snapshot).count)
    }
}
