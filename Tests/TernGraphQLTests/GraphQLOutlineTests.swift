import Foundation
import Synchronization
import Tern
import TernGraphQL
import Testing

/// The schema browser's root fields and the query builder's operations, on the bookshop and on real
/// schemas: every operation written from a root field is one the check accepts, with its variables.
@Suite struct GraphQLOutlineTests {
    /// The schemas read so far, by name: GitHub's takes seconds to read in a debug build, and the suites
    /// share one process with servers that other tests time.
    private static let read = Mutex<[String: GraphQLSchemaDocument]>([:])

    /// The fixture schema `name`, read from its introspection result once.
    static func schema(_ name: String) throws -> GraphQLSchemaDocument {
        if let known = read.withLock({ $0[name] }) { return known }
        let schema = try GraphQLSchemaDocument(introspection: try QueryCheckOracleTests.introspection(of: name))
        read.withLock { $0[name] = schema }
        return schema
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
    func everyTemplateChecks(schemaName: String) async throws {
        let schema = try Self.schema(schemaName)
        let outline = GraphQLOutline(schema)
        #expect(!outline.rootFields.isEmpty)
        var refused: [String] = []
        for field in outline.rootFields {
            // Long work in steps: the other tests' tasks (servers among them) get their turns.
            await Task.yield()
            let (query, variables) = outline.template(for: field)
            var operation = GraphQLOperation(query: query)
            if case .object(let values)? = variables { operation.variables = values }
            let problems = schema.check(operation)
            if !problems.isEmpty { refused.append("\(field.name): \(problems.map(\.description))\n\(query)") }
        }
        #expect(refused.isEmpty, "\(refused.prefix(5).joined(separator: "\n"))")
    }
}
