import Foundation
import Tern
import TernGraphQL
import Testing

/// Operations checked against a small schema: the problems a user meets, each with its place and a
/// did-you-mean, and the variables' values against their declared types.
@Suite("GraphQL operations checked before they are sent")
struct VariableValuesTests {
    let schema: GraphQLSchemaDocument

    init() throws {
        schema = try GraphQLSchemaDocument(sdl: IntrospectionSDLTests.bookshop)
    }

    func problems(_ query: String, _ variables: [String: JSONValue]? = nil) -> [GraphQLProblem] {
        schema.check(GraphQLOperation(query: query, variables: variables))
    }

    @Test("an unknown field is found at its line and column, with the field meant")
    func unknownField() {
        let found = problems("{\n  books {\n    titel\n  }\n}")
        #expect(found.count == 1)
        #expect(found.first?.line == 3 && found.first?.column == 5)
        #expect(found.first?.message.contains(#"Did you mean "title"?"#) == true, "\(found)")
    }

    @Test("arguments: unknown, missing, of the wrong type")
    func arguments() {
        #expect(problems("{ books(frist: 3) { id } }").first?.message.contains(#"Did you mean "first"?"#) == true)
        #expect(
            problems("{ book { id } }").first?.message.contains(#"argument "id" of type "ID!" is required"#) == true)
        #expect(problems(#"{ books(first: "three") { id } }"#).first?.message.contains("Int cannot represent") == true)
        #expect(problems("{ books(genre: FICTON) { id } }").first?.message.contains("FICTION") == true)
    }

    @Test("a fragment on a type that cannot apply, and a selection missing on an object")
    func fragments() {
        #expect(!problems("{ books { ... on Author { name } } }").isEmpty)
        #expect(problems("{ books { ... on Work { title } } }").isEmpty)
        #expect(!problems("{ book(id: 1) }").isEmpty)
    }

    @Test("variables: required, not null, of their type, input objects and enums")
    func variables() {
        let query = "query($id: ID!, $n: Int) { book(id: $id) { id } books(first: $n) { id } }"
        #expect(problems(query, ["id": "b1", "n": 3]).isEmpty)
        #expect(problems(query, ["id": 7]).isEmpty)
        let missing = problems(query, ["n": 3])
        #expect(missing.first?.message == #"Variable "$id" of required type "ID!" was not provided."#)
        #expect(missing.first?.variable == "id" && missing.first?.line == 1 && missing.first?.column == 7)
        #expect(problems(query, ["id": .null]).first?.message.contains("must not be null") == true)
        #expect(problems(query, ["id": "b", "n": "3"]).first?.message.contains("Int cannot represent") == true)
        #expect(problems(query, ["id": "b", "n": 4_000_000_000]).first?.message.contains("32-bit") == true)
        let input = "mutation($b: BookInput!) { addBook(input: $b) { id } }"
        #expect(problems(input, ["b": ["title": "T", "authorId": "a1"]]).isEmpty)
        let wrong = problems(input, ["b": ["title": "T", "autorId": "a1", "genre": "POERTY"]])
        let messages = wrong.map(\.message).joined(separator: "\n")
        #expect(messages.contains(#"Field "authorId" of required type "ID!" was not provided"#), "\(messages)")
        #expect(messages.contains(#"Field "autorId" is not defined by type "BookInput". Did you mean "authorId"?"#))
        #expect(messages.contains(#"Did you mean the enum value "POETRY"?"#), "\(messages)")
        // A single value where a list is expected is a list of one, as graphql-js coerces it.
        let list = "query($g: [[Genre!]]) { books(filter: {genres: $g}) { id } }"
        #expect(problems(list, ["g": "FICTION"]).isEmpty)
        #expect(problems(list, ["g": [["FICTION", .null]]]).first?.message.contains("not to be null") == true)
    }

    @Test("the operation to run: by name, or the only one")
    func operations() {
        let two = "query A { books { id } } query B { books { title } }"
        #expect(problems(two).first?.message == "Must provide operation name if query contains multiple operations.")
        #expect(schema.check(GraphQLOperation(query: two, operationName: "B")).isEmpty)
        #expect(
            schema.check(GraphQLOperation(query: two, operationName: "C")).first?.message.contains("Unknown operation")
                == true)
        #expect(GraphQLSchemaDocument.operationKind(of: "subscription { countdown(from: 3) }") == .subscription)
        #expect(GraphQLSchemaDocument.operationKind(of: "{ books { id } }") == .query)
        #expect(problems("{ books { id ").first?.message.contains("Syntax Error") == true)
    }
}
