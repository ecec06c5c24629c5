import Foundation
import Tern
import TernGraphQL
import Testing

/// The schema browser's root fields and the query builder's operations, on the bookshop and on real
/// schemas: every operation written from a root field is one the check accepts, with its variables.
@Suite struct GraphQLOutlineTests {
    static func schema(_ name: String) throws -> GraphQLSchemaDocument {
        try GraphQLSchemaDocument(introspection: try QueryCheckOracleTests.introspection(of: name))
    }

    @Test func theBookshopsRootFieldsInOrderWithTheirArguments() throws {
        let fields = GraphQLOutline(try Self.schema("bookshop")).rootFields
        #expect(fields.filter { $0.operation == .subscription }.map(\.name) == ["countdown", "bookAdded", "failing"])
        let books = try #require(fields.first { $0.name == "books" })
        #expect(books.operation == .query && books.type == "[Book!]!")
        #expect(books.arguments.map(\.name) == ["first", "genre"] && books.arguments.allSatisfy { !$0.required })
        let book = try #require(fields.first { $0.name == "book" })
        #expect(book.arguments.map(\.required) == [true])
    }

    @Test func anOperationFromARootFieldAsksItsRequiredArgumentsAndSelectsTheLeaves() throws {
        let outline = GraphQLOutline(try Self.schema("bookshop"))
        let book = try #require(outline.rootFields.first { $0.name == "book" })
        let (query, variables) = outline.template(for: book)
        #expect(query.hasPrefix("query Book($id: ID!) {\n  book(id: $id) {\n    id\n    title\n"), "\(query)")
        #expect(variables == .object(["id": .string("")]))
        let add = try #require(outline.rootFields.first { $0.name == "addBook" })
        let (mutation, input) = outline.template(for: add)
        #expect(mutation.hasPrefix("mutation AddBook($input: BookInput!) {\n  addBook(input: $input) {"), "\(mutation)")
        guard case .object(let values)? = input, case .object(let fields)? = values["input"] else {
            Issue.record("no input object: \(String(describing: input))")
            return
        }
        #expect(Set(fields.keys) == ["title", "authorId"])
    }

    @Test(
        "every operation written from a root field passes the check, with its variables",
        arguments: ["bookshop", "github", "swapi", "shopify-storefront"])
    func everyTemplateChecks(schemaName: String) throws {
        let schema = try Self.schema(schemaName)
        let outline = GraphQLOutline(schema)
        #expect(!outline.rootFields.isEmpty)
        var refused: [String] = []
        for field in outline.rootFields {
            let (query, variables) = outline.template(for: field)
            var operation = GraphQLOperation(query: query)
            if case .object(let values)? = variables { operation.variables = values }
            let problems = schema.check(operation)
            if !problems.isEmpty { refused.append("\(field.name): \(problems.map(\.description))\n\(query)") }
        }
        #expect(refused.isEmpty, "\(refused.prefix(5).joined(separator: "\n"))")
    }
}
