import Foundation
import Tern
import TernGraphQL
import TernWorkspace

/// What the query builder's rows show ticked: the selected spec's operation, when it is a GraphQL operation
/// on a target the tree lists and ticking can change it (`GraphQLSelection`).
package struct GraphQLTicks: Sendable, Hashable {
    package var target: String
    /// `query`, `mutation` or `subscription`.
    package var operation: String
    /// The root field the operation starts from.
    package var field: String
    /// The ticked paths below the root field (`... on Type` for an inline fragment).
    package var fields: Set<[String]>
    /// The arguments given, by the path of their field (`[]`: the root field's), each value as compact JSON.
    package var arguments: [[String]: [String: String]]

    /// The ticks of `entry` on `target`, `nil` when it has no GraphQL body ticking can change.
    init?(_ entry: SpecEntry, target: String) {
        guard case .graphql(let body)? = entry.spec.body, body.queryFile == nil else { return nil }
        var variables: [String: JSONValue]?
        if case .object(let values)? = body.variables { variables = values }
        guard let selection = try? GraphQLSelection(reading: body.query, variables: variables) else { return nil }
        self.target = target
        operation = selection.operation.rawValue
        field = selection.root
        fields = Set(selection.fields)
        arguments = selection.arguments.mapValues { $0.mapValues(Self.compact) }
    }

    /// Whether the operation starts from the root field `field` of `operation` on `target`.
    package func starts(target: String, operation: String, field: String) -> Bool {
        self.target == target && self.operation == operation && self.field == field
    }

    private static func compact(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
