import Foundation
import NIOCore
import NIOHTTP1

/// `POST /graphql`: GraphQL-over-HTTP on a fixed schema, enough for demos and tests (not a GraphQL engine).
///
/// ```graphql
/// type Query { user(id: ID!): User, users(role: String): [User!]! }
/// type User { id: ID!, name: String!, email: String! }
/// ```
/// The body is `{"query", "operationName", "variables"}`. The answer is `{"data": ...}`, or `{"errors": [...]}`
/// for a document it cannot run: status 400 with `application/graphql-response+json` when the client accepts
/// it, else status 200 with `application/json`, as the GraphQL-over-HTTP spec says. An unknown user is `null`.
enum GraphQLRoute {
    /// The longest query read.
    static let maximumQueryLength = 64 * 1024

    /// Answers one request to `/graphql`.
    static func response(to request: MockRequest, body: ByteBuffer) -> MockResponse {
        let accept = request.headers.first(name: "accept") ?? ""
        let graphQLResponse = accept.contains("application/graphql-response+json")
        guard request.isMethod("POST") else {
            return failure("use POST with a JSON body {query, operationName, variables}", status: 405, graphQLResponse)
        }
        guard
            let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any],
            let query = object["query"] as? String
        else {
            return failure("the body must be a JSON object with a string 'query'", status: 400, graphQLResponse)
        }
        guard query.utf8.count <= maximumQueryLength else {
            return failure("the query is longer than \(maximumQueryLength) bytes", status: 413, graphQLResponse)
        }
        let variables = object["variables"] as? [String: Any] ?? [:]
        do throws(MockGraphQLParser.SyntaxError) {
            var parser = try MockGraphQLParser(query)
            let operations = try parser.operations()
            let name = object["operationName"] as? String
            guard let operation = name.map({ name in operations.first { $0.name == name } }) ?? operations.first
            else {
                throw MockGraphQLParser.SyntaxError(message: "no operation named '\(name ?? "")'")
            }
            if name == nil, operations.count > 1 {
                throw MockGraphQLParser.SyntaxError(message: "the document has several operations: name one")
            }
            guard operation.kind == "query" else {
                throw MockGraphQLParser.SyntaxError(message: "this mock answers queries only, not \(operation.kind)")
            }
            let data = try root(operation.selections, variables: variables)
            let type = graphQLResponse ? "application/graphql-response+json" : "application/json"
            var response = MockResponse.json(.object([("data", data)]))
            response.headers = [("Content-Type", type)]
            return response
        } catch {
            return failure(error.message, status: 400, graphQLResponse)
        }
    }

    private static func failure(_ message: String, status: Int, _ graphQLResponse: Bool) -> MockResponse {
        let body = MockJSONValue.object([("errors", .array([.object([("message", .string(message))])]))])
        var response = MockResponse.json(body, status: graphQLResponse || status == 405 ? status : 200)
        if graphQLResponse { response.headers = [("Content-Type", "application/graphql-response+json")] }
        return response
    }

    private static func root(
        _ fields: [MockGraphQLParser.Field], variables: [String: Any]
    ) throws(MockGraphQLParser.SyntaxError) -> MockJSONValue {
        var members: [(String, MockJSONValue)] = []
        for field in fields {
            let arguments = try resolve(field.arguments, variables: variables)
            switch field.name {
            case "__typename":
                members.append((field.key, .string("Query")))
            case "user":
                guard let id = arguments["id"] else {
                    throw MockGraphQLParser.SyntaxError(message: "'user' needs the argument 'id'")
                }
                if let found = UsersRoutes.users.first(where: { String($0.id) == id }) {
                    members.append((field.key, try user(found, field.selections)))
                } else {
                    members.append((field.key, .null))
                }
            case "users":
                var users = UsersRoutes.users
                if let search = arguments["name"] { users = users.filter { $0.name.contains(search) } }
                var list: [MockJSONValue] = []
                for found in users { list.append(try user(found, field.selections)) }
                members.append((field.key, .array(list)))
            default:
                throw MockGraphQLParser.SyntaxError(message: "Cannot query field '\(field.name)' on type 'Query'")
            }
        }
        return .object(members)
    }

    private static func user(
        _ user: (id: Int, name: String, email: String), _ fields: [MockGraphQLParser.Field]
    ) throws(MockGraphQLParser.SyntaxError) -> MockJSONValue {
        guard !fields.isEmpty else {
            throw MockGraphQLParser.SyntaxError(message: "a User needs a selection: { id name email }")
        }
        var members: [(String, MockJSONValue)] = []
        for field in fields {
            switch field.name {
            case "id": members.append((field.key, .string(String(user.id))))
            case "name": members.append((field.key, .string(user.name)))
            case "email": members.append((field.key, .string(user.email)))
            case "__typename": members.append((field.key, .string("User")))
            default:
                throw MockGraphQLParser.SyntaxError(message: "Cannot query field '\(field.name)' on type 'User'")
            }
        }
        return .object(members)
    }

    /// Argument values as text, variables looked up (a missing variable is an error).
    private static func resolve(
        _ arguments: [(String, MockGraphQLParser.Value)], variables: [String: Any]
    ) throws(MockGraphQLParser.SyntaxError) -> [String: String] {
        var resolved: [String: String] = [:]
        for (name, value) in arguments {
            switch value {
            case .literal(let text):
                resolved[name] = text
            case .variable(let variable):
                guard let given = variables[variable], !(given is NSNull) else {
                    throw MockGraphQLParser.SyntaxError(message: "the variable '$\(variable)' has no value")
                }
                resolved[name] = given as? String ?? (given as? NSNumber).map { $0.stringValue } ?? "\(given)"
            }
        }
        return resolved
    }
}
