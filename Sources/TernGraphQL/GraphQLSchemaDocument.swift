public import Foundation
import GraphQL
import OrderedCollections
public import Tern
import TernWorkspace

/// A GraphQL schema a client knows: read from SDL (a workspace's `.graphql` file, or the copy Tern keeps
/// of a server's introspection) and used to check operations before they are sent, to print types and to
/// complete what is typed.
public struct GraphQLSchemaDocument: Sendable {
    let schema: GraphQLSchema
    /// The schema as SDL: the file's text, or what an introspection answer was written as (the server's
    /// order). This is what `tern graphql URL schema` prints and `.tern/graphql/` keeps.
    public let sdl: String

    /// The schema written in `sdl`, or an error naming the line and column that does not build.
    public init(sdl: String) throws(GraphQLSchemaError) {
        do {
            schema = try buildSchema(source: sdl)
        } catch let error as GraphQLError {
            throw GraphQLSchemaError(Self.describe(error))
        } catch {
            throw GraphQLSchemaError("the schema does not build: \(error)")
        }
        self.sdl = sdl.hasSuffix("\n") ? sdl : sdl + "\n"
    }

    /// The schema an introspection answer describes (`{"data": {"__schema": …}}`).
    public init(introspection: Data) throws(GraphQLSchemaError) {
        try self.init(sdl: IntrospectionSDL.sdl(from: introspection))
    }

    /// The names of the schema's own types (not the introspection types), sorted.
    public var typeNames: [String] {
        schema.typeMap.keys.filter { !$0.hasPrefix("__") }.sorted()
    }

    /// The SDL of one type (`type User { … }`) as the schema writes it, or `nil` when it has no type of that
    /// name. (Printed from the type's definition, not from its values: GraphQLSwift's `printType` traps on
    /// an enum default value.)
    public func describe(type name: String) -> String? {
        guard let type = schema.getType(name: name) else { return nil }
        if let union = type as? GraphQLUnionType {
            // GraphQLSwift keeps a union's definition to itself: written from its description and members.
            return (union.description.map { IntrospectionSDL.quoted($0) + "\n" } ?? "") + "union \(name) = "
                + ((try? union.types()) ?? []).map(\.name).joined(separator: " | ")
        }
        let node: (any Node)? =
            switch type {
            case let object as GraphQLObjectType: object.astNode
            case let interface as GraphQLInterfaceType: interface.astNode
            case let enumeration as GraphQLEnumType: enumeration.astNode
            case let input as GraphQLInputObjectType: input.astNode
            case let scalar as GraphQLScalarType: scalar.astNode
            default: nil
            }
        return node.map { print(ast: $0) } ?? "scalar \(name)"
    }

    /// The names closest to `name` among the schema's types, for a did-you-mean.
    public func typeNames(closeTo name: String) -> [String] {
        Suggestions.closeMatches(to: name, in: typeNames)
    }

    /// The kind of the operation `operationName` selects in `query` (the only one when `nil`), or `nil` when
    /// the document does not parse or has no such operation.
    public static func operationKind(of query: String, operationName: String? = nil) -> GraphQLOperationKind? {
        guard let document = try? parse(source: query) else { return nil }
        return operation(in: document, named: operationName).map {
            GraphQLOperationKind(rawValue: $0.operation.rawValue)
        }
            ?? nil
    }

    /// The names of the operations `query` defines, in order (`nil` for an anonymous one); empty when it
    /// does not parse.
    public static func operationNames(in query: String) -> [String?] {
        guard let document = try? parse(source: query) else { return [] }
        return document.definitions.compactMap { ($0 as? OperationDefinition).map { $0.name?.value } }
    }

    /// What is wrong with `operation` against this schema, as graphql-js finds it: the document's syntax, the
    /// validation rules of the specification, then the variables' values against their declared types. Empty
    /// when the operation may be sent.
    /// `checkingVariables: false` leaves the values of the variables alone (the document is checked alone).
    public func check(_ operation: GraphQLOperation, checkingVariables: Bool = true) -> [GraphQLProblem] {
        let document: Document
        do {
            document = try parse(source: operation.query)
        } catch let error as GraphQLError {
            return [GraphQLProblem(error)]
        } catch {
            return [GraphQLProblem(message: "\(error)", line: 0, column: 0)]
        }
        let errors = validate(schema: schema, ast: document)
        guard errors.isEmpty else { return errors.map(GraphQLProblem.init) }
        let overlapping = OverlappingFields(schema: schema, document: document).problems(in: document)
        guard overlapping.isEmpty else { return overlapping }
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        guard let selected = Self.operation(in: document, named: operation.operationName) else {
            if let name = operation.operationName {
                let names = operations.compactMap { $0.name?.value }
                return [
                    GraphQLProblem(
                        message: "Unknown operation named \"\(name)\"."
                            + didYouMean(Suggestions.closeMatches(to: name, in: names)),
                        line: 0, column: 0)
                ]
            }
            return [
                GraphQLProblem(
                    message: operations.isEmpty
                        ? "Must provide an operation."
                        : "Must provide operation name if query contains multiple operations.",
                    line: 0, column: 0)
            ]
        }
        guard checkingVariables else { return [] }
        return VariableValues(schema: schema).problems(of: selected, values: operation.variables)
    }

    private static func operation(in document: Document, named name: String?) -> OperationDefinition? {
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        guard let name else { return operations.count == 1 ? operations[0] : nil }
        return operations.first { $0.name?.value == name }
    }

    static func describe(_ error: GraphQLError) -> String {
        guard let location = error.locations.first else { return error.message }
        return "\(location.line):\(location.column): \(error.message)"
    }
}

/// One GraphQL operation as a spec or a command line holds it.
public struct GraphQLOperation: Sendable, Equatable {
    /// The document.
    public var query: String
    /// The operation to run when the document holds several.
    public var operationName: String?
    /// The variables' values, a JSON object (`nil`: none given).
    public var variables: [String: JSONValue]?

    /// An operation.
    public init(query: String, operationName: String? = nil, variables: [String: JSONValue]? = nil) {
        self.query = query
        self.operationName = operationName
        self.variables = variables
    }
}

/// What kind of operation a document runs.
public enum GraphQLOperationKind: String, Sendable {
    case query, mutation, subscription
}

/// One thing wrong with an operation: the message graphql-js would give, and where in the document it is
/// (line and column from 1; 0 when the problem has no place in the document, such as a variable's value).
public struct GraphQLProblem: Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, with a did-you-mean where one applies.
    public var message: String
    /// The line in the document, from 1 (0: none).
    public var line: Int
    /// The column in the line, from 1 (0: none).
    public var column: Int
    /// The variable whose value is wrong, when the problem is a value in `variables`.
    public var variable: String?

    /// A problem.
    public init(message: String, line: Int, column: Int, variable: String? = nil) {
        self.message = message
        self.line = line
        self.column = column
        self.variable = variable
    }

    init(_ error: GraphQLError) {
        let location = error.locations.first
        self.init(message: error.message, line: location?.line ?? 0, column: location?.column ?? 0)
    }

    public var description: String { line > 0 ? "\(line):\(column): \(message)" : message }
}
