import GraphQL
import OrderedCollections

/// graphql-js's `OverlappingFieldsCanBeMergedRule`, which GraphQLSwift does not implement: two fields that
/// answer under the same name must be the same field with the same arguments (unless they can never both
/// apply, on two different object types), must not return conflicting types, and their sub-selections must
/// merge in turn. Run after the other rules pass, on a document they found valid.
struct OverlappingFields {
    /// The deepest selection followed (fragments inlined) before the check stops going down.
    static let maximumDepth = 64

    let schema: GraphQLSchema
    let fragments: [String: FragmentDefinition]

    init(schema: GraphQLSchema, document: Document) {
        self.schema = schema
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions {
            fragments[fragment.name.value] = fragment
        }
        self.fragments = fragments
    }

    /// A field as met in a selection: the type it is selected on, its AST, and its definition there.
    private struct Met {
        var parent: (any GraphQLNamedType)?
        var field: Field
        var type: (any GraphQLOutputType)?
        var responseName: String { field.alias?.value ?? field.name.value }
    }

    private struct Conflict {
        var responseName: String
        var reason: String
        var places: [Field]
    }

    /// Every conflict of the document's operations and fragments, as graphql-js words them.
    func problems(in document: Document) -> [GraphQLProblem] {
        var conflicts: [Conflict] = []
        for definition in document.definitions {
            if let operation = definition as? OperationDefinition {
                let root: GraphQLObjectType? =
                    switch operation.operation {
                    case .query: schema.queryType
                    case .mutation: schema.mutationType
                    case .subscription: schema.subscriptionType
                    }
                conflicts += within(operation.selectionSet, on: root, depth: 0)
            } else if let fragment = definition as? FragmentDefinition {
                conflicts += within(
                    fragment.selectionSet, on: schema.getType(name: fragment.typeCondition.name.value), depth: 0)
            }
        }
        var seen = Set<String>()
        return conflicts.compactMap { conflict in
            let token = conflict.places.first?.loc?.startToken
            let key = "\(conflict.responseName)|\(token?.line ?? 0)|\(token?.column ?? 0)"
            guard seen.insert(key).inserted else { return nil }
            return GraphQLProblem(
                message: "Fields \"\(conflict.responseName)\" conflict because \(conflict.reason). "
                    + "Use different aliases on the fields to fetch both if this was intentional.",
                line: token?.line ?? 0, column: token?.column ?? 0)
        }
    }

    /// The conflicts among the fields of one selection set, then within each field's own selection.
    private func within(_ set: SelectionSet, on parent: (any GraphQLNamedType)?, depth: Int) -> [Conflict] {
        guard depth < Self.maximumDepth else { return [] }
        var visited = Set<String>()
        let fields = collect(set, on: parent, visited: &visited, depth: depth)
        var conflicts: [Conflict] = []
        for (_, group) in fields where group.count > 1 {
            for first in 0..<group.count {
                for second in (first + 1)..<group.count {
                    if let conflict = conflict(group[first], group[second], exclusive: false, depth: depth) {
                        conflicts.append(conflict)
                    }
                }
            }
        }
        for (_, group) in fields {
            for met in group {
                if let subselection = met.field.selectionSet {
                    conflicts += within(subselection, on: getNamedType(type: met.type), depth: depth + 1)
                }
            }
        }
        return conflicts
    }

    /// The fields a selection set selects, fragments inlined, by response name in order met.
    private func collect(
        _ set: SelectionSet, on parent: (any GraphQLNamedType)?, visited: inout Set<String>, depth: Int
    ) -> [(String, [Met])] {
        var order: [String] = []
        var groups: [String: [Met]] = [:]
        func add(_ met: Met) {
            if groups[met.responseName] == nil { order.append(met.responseName) }
            groups[met.responseName, default: []].append(met)
        }
        func walk(_ set: SelectionSet, on parent: (any GraphQLNamedType)?, depth: Int) {
            guard depth < Self.maximumDepth else { return }
            for selection in set.selections {
                switch selection {
                case let field as Field:
                    add(Met(parent: parent, field: field, type: fieldType(field.name.value, on: parent)))
                case let inline as InlineFragment:
                    let type = inline.typeCondition.map { schema.getType(name: $0.name.value) } ?? parent
                    walk(inline.selectionSet, on: type, depth: depth + 1)
                case let spread as FragmentSpread:
                    guard visited.insert(spread.name.value).inserted, let fragment = fragments[spread.name.value]
                    else { continue }
                    walk(
                        fragment.selectionSet, on: schema.getType(name: fragment.typeCondition.name.value),
                        depth: depth + 1)
                default: continue
                }
            }
        }
        walk(set, on: parent, depth: depth)
        return order.map { ($0, groups[$0] ?? []) }
    }

    private func conflict(_ a: Met, _ b: Met, exclusive: Bool, depth: Int) -> Conflict? {
        let exclusive =
            exclusive
            || (a.parent?.name != b.parent?.name && a.parent is GraphQLObjectType
                && b.parent is GraphQLObjectType)
        let name = a.responseName
        if !exclusive {
            if a.field.name.value != b.field.name.value {
                return Conflict(
                    responseName: name,
                    reason: "\"\(a.field.name.value)\" and \"\(b.field.name.value)\" are different fields",
                    places: [a.field, b.field])
            }
            if !Self.sameArguments(a.field.arguments, b.field.arguments) {
                return Conflict(
                    responseName: name, reason: "they have differing arguments", places: [a.field, b.field])
            }
        }
        if let typeA = a.type, let typeB = b.type, Self.typesConflict(typeA, typeB) {
            return Conflict(
                responseName: name, reason: "they return conflicting types \"\(typeA)\" and \"\(typeB)\"",
                places: [a.field, b.field])
        }
        guard let setA = a.field.selectionSet, let setB = b.field.selectionSet, depth < Self.maximumDepth else {
            return nil
        }
        // The two sub-selections are one selection: their fields must merge as well.
        var visitedA = Set<String>()
        var visitedB = Set<String>()
        let fieldsA = collect(setA, on: getNamedType(type: a.type), visited: &visitedA, depth: depth + 1)
        let fieldsB = collect(setB, on: getNamedType(type: b.type), visited: &visitedB, depth: depth + 1)
        let groupsB = Dictionary(fieldsB, uniquingKeysWith: { first, _ in first })
        var reasons: [String] = []
        var places = [a.field]
        for (responseName, groupA) in fieldsA {
            guard let groupB = groupsB[responseName] else { continue }
            for metA in groupA {
                for metB in groupB {
                    if let inner = conflict(metA, metB, exclusive: exclusive, depth: depth + 1) {
                        reasons.append("subfields \"\(inner.responseName)\" conflict because \(inner.reason)")
                        places += inner.places
                    }
                }
            }
        }
        guard !reasons.isEmpty else { return nil }
        places.append(b.field)
        return Conflict(responseName: name, reason: reasons.joined(separator: " and "), places: places)
    }

    private func fieldType(_ name: String, on parent: (any GraphQLNamedType)?) -> (any GraphQLOutputType)? {
        if name == "__typename" { return GraphQLNonNull(GraphQLString) }
        switch parent {
        case let object as GraphQLObjectType: return (try? object.fields())?[name]?.type
        case let interface as GraphQLInterfaceType: return (try? interface.fields())?[name]?.type
        default: return nil
        }
    }

    /// graphql-js's `doTypesConflict`: lists and non-nulls must wrap alike, and leaf types must be the same.
    private static func typesConflict(_ a: any GraphQLType, _ b: any GraphQLType) -> Bool {
        switch (a, b) {
        case (let listA as GraphQLList, let listB as GraphQLList): return typesConflict(listA.ofType, listB.ofType)
        case (is GraphQLList, _), (_, is GraphQLList): return true
        case (let nonNullA as GraphQLNonNull, let nonNullB as GraphQLNonNull):
            return typesConflict(nonNullA.ofType, nonNullB.ofType)
        case (is GraphQLNonNull, _), (_, is GraphQLNonNull): return true
        default:
            if a is any GraphQLLeafType || b is any GraphQLLeafType {
                return (a as? any GraphQLNamedType)?.name != (b as? any GraphQLNamedType)?.name
            }
            return false
        }
    }

    private static func sameArguments(_ a: [Argument], _ b: [Argument]) -> Bool {
        guard a.count == b.count else { return false }
        return a.allSatisfy { argument in
            b.contains { $0.name.value == argument.name.value && print(ast: $0.value) == print(ast: argument.value) }
        }
    }
}
