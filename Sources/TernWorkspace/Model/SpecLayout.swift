import Foundation
/// What loading remembers about a spec file beyond its values: the order keys were written in
/// (so saving keeps it) and where values are (so errors after templating point at them).
///
/// Paths are `/`-joined field names from the top of the file: `""` is the top-level mapping,
/// `query/tags/1` the second element of `tags`, `body/json/user/name` a JSON leaf. The top-level
/// order and the `path`/`target` positions, which every spec has, are stored apart from the
/// dictionaries, which stay empty (unallocated) for most small specs.
struct SpecLayout: Sendable {
    /// Position of the whole document, for problems that belong to no field.
    var document: SourceLocation = .start
    private var topLevelOrder: [String] = []
    private var pathLocation: SourceLocation?
    private var targetLocation: SourceLocation?
    private var nestedOrders: [String: [String]] = [:]
    private var otherLocations: [String: SourceLocation] = [:]
    /// Where `body.graphql.query` is, so a problem at a line and column of the query points into the file.
    var graphQLQuery: GraphQLQueryPlace?
    /// The file a `queryFile:` query was read from: a problem in the query is reported at its own line there.
    var graphQLQueryFile: URL?

    /// The keys of the mapping at `path` in file order (empty when it was not read from a file).
    subscript(order path: String) -> [String] {
        get { path.isEmpty ? topLevelOrder : nestedOrders[path] ?? [] }
        set {
            if path.isEmpty { topLevelOrder = newValue } else { nestedOrders[path] = newValue }
        }
    }

    /// The position of the value at `path` (recorded for `path`, `target`, file paths and templated strings).
    subscript(location path: String) -> SourceLocation? {
        get {
            switch path {
            case "path": pathLocation
            case "target": targetLocation
            default: otherLocations[path]
            }
        }
        set {
            switch path {
            case "path": pathLocation = newValue
            case "target": targetLocation = newValue
            default: otherLocations[path] = newValue
            }
        }
    }

    /// `parent/child`, or `child` at the top.
    static func join(_ parent: String, _ child: String) -> String {
        parent.isEmpty ? child : parent + "/" + child
    }
}
