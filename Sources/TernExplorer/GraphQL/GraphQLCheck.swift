import Foundation
import Tern
import TernGraphQL
import TernWorkspace

/// Checks a GraphQL operation against its endpoint's schema before it is sent, as graphql-js would validate
/// it on the server: an unknown field, a wrong or missing argument, a variable missing or of the wrong type,
/// a fragment on the wrong type is refused with its place (the spec file's line and column, or the column
/// of the query on the command line) and a did-you-mean, and nothing reaches the server.
struct GraphQLCheck: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// An operation in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// Throws a usage error listing what is wrong with `entry`'s operation, whose resolved request is `request`;
    /// returns when it fits its schema, or when there is no schema to check it against.
    func check(_ entry: SpecEntry, request: Request) async throws(ExplorerError) {
        guard let operation = Self.operation(in: request) else { return }
        let lookup = try await GraphQLSchemas(context).schema(for: entry, request: request)
        guard case .schema(let schema, let origin) = lookup else { return }
        let problems = schema.check(operation)
        guard !problems.isEmpty else { return }
        var error = ExplorerError(.usage, Self.report(problems, of: entry, query: operation.query, origin: origin))
        error.places = problems.filter { $0.line > 0 }.map {
            BodyPlace(spec: entry.id, line: $0.line, column: $0.column, message: $0.message)
        }
        throw error
    }

    /// The operation a resolved GraphQL-over-HTTP request carries (`{"query", "operationName", "variables"}`).
    static func operation(in request: Request) -> GraphQLOperation? {
        guard case .data(let data) = request.body,
            case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: data),
            case .string(let query)? = object["query"]
        else { return nil }
        var operation = GraphQLOperation(query: query)
        if case .string(let name)? = object["operationName"] { operation.operationName = name }
        if case .object(let variables)? = object["variables"] { operation.variables = variables }
        return operation
    }

    /// One block a problem: `FILE:LINE:COLUMN: message`, the line it is on and a caret under the place.
    static func report(_ problems: [GraphQLProblem], of entry: SpecEntry, query: String, origin: String) -> String {
        var lines: [String] = []
        let queryLines = query.split(separator: "\n", omittingEmptySubsequences: false)
        for problem in problems.prefix(20) {
            if entry.id == AdHocSpec.id {
                guard problem.line > 0 else {
                    lines.append(problem.message)
                    continue
                }
                lines.append("query:\(problem.line):\(problem.column): \(problem.message)")
                if problem.line <= queryLines.count {
                    lines.append("  " + queryLines[problem.line - 1])
                    lines.append("  " + String(repeating: " ", count: max(problem.column - 1, 0)) + "^")
                }
            } else {
                let place = entry.graphQLQueryPosition(line: problem.line, column: problem.column)
                lines.append(place.prefix + problem.message)
                if let source = place.sourceLine {
                    lines.append(source)
                    lines.append(String(repeating: " ", count: max(place.column - 1, 0)) + "^")
                }
            }
        }
        if problems.count > 20 { lines.append("… and \(problems.count - 20) more") }
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        let way = entry.id == AdHocSpec.id ? "--no-check" : "tern send --no-check (or check: false in body.graphql)"
        lines.append(
            "the operation does not fit the schema (\(count), checked against \(origin)); nothing was sent. "
                + way + " sends it anyway.")
        return lines.joined(separator: "\n")
    }
}
