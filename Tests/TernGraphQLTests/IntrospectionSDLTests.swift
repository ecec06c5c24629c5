import Foundation
import GraphQL
import Tern
import TernGraphQL
import Testing

/// An introspection answer read back into a schema: every type, field, argument, default, description,
/// deprecation and custom directive survives, for schemas written here and for real ones.
@Suite("Introspection answers become schemas")
struct IntrospectionSDLTests {
    static let bookshop = """
        "A custom directive, carried through introspection."
        directive @cached(seconds: Int = 60) on FIELD_DEFINITION | OBJECT

        "The shop's way in."
        type Query {
          "Books, newest first."
          books(first: Int = 10, genre: Genre, filter: BookFilter = {inStock: true}): [Book!]!
          book(id: ID!): Book
          search(text: String!): [SearchResult!]!
          node(id: ID!): Node
        }

        type Mutation {
          addBook(input: BookInput!): Book!
        }

        type Subscription {
          countdown(from: Int!): Int!
        }

        "Anything with an id."
        interface Node {
          id: ID!
        }

        interface Work implements Node {
          id: ID!
          title: String!
        }

        "A book, with \\"quotes\\" and a backslash \\\\ in its description."
        type Book implements Node & Work {
          id: ID!
          title: String!
          isbn10: String @deprecated(reason: "Use isbn13.")
          isbn13: String
          legacy: String @deprecated
          genre: Genre
          published: Date
        }

        type Author implements Node {
          id: ID!
          name: String!
        }

        union SearchResult = Book | Author

        enum Genre {
          FICTION
          "Books about things that happened."
          HISTORY
          POETRY @deprecated(reason: "Shelved with fiction.")
        }

        input BookInput {
          title: String!
          authorId: ID!
          genre: Genre
          tags: [String!] = ["new"]
        }

        input BookFilter {
          inStock: Boolean
          genres: [[Genre!]]
        }

        "An ISO 8601 date."
        scalar Date @specifiedBy(url: "https://www.iso.org/iso-8601-date-and-time-format.html")
        """

    @Test("a real server's introspection answer reads into the schema it prints, type by type")
    func roundTrip() throws {
        let read = try GraphQLSchemaDocument(introspection: try QueryCheckOracleTests.introspection(of: "bookshop"))
        // The SDL Strawberry prints for the same server (`scripts/graphql-server.py --print-schema`).
        let script = QueryCheckOracleTests.fixtures.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/graphql-server.graphql")
        let printed = try String(contentsOf: script, encoding: .utf8)
        let written = try GraphQLSchemaDocument(sdl: printed)
        #expect(read.typeNames == written.typeNames)
        #expect(read.typeNames.count >= 12)
        for name in written.typeNames {
            #expect(read.describe(type: name) == written.describe(type: name), "\(name)")
        }
        #expect(read.sdl.contains(#"isbn10: String @deprecated(reason: "Use isbn13: ten-digit ISBNs"#), "\(read.sdl)")
        #expect(read.describe(type: "Genre")?.contains("Books about what happened.") == true)
        #expect(read.describe(type: "Nothing") == nil)
    }

    @Test("descriptions with quotes, backslashes, indentation and blank edges read back as they were")
    func descriptions() throws {
        let texts = [
            #"with "quotes" and a backslash \ and """triple""" quotes"#, "two\nlines", "  leading space",
            "ends with a quote\"", "code:\n    indented\n    lines", "tab\there", "trailing\n",
        ]
        for text in texts {
            let escaped = try JSONEncoder().encode(text)
            let answer =
                #"{"__schema": {"queryType": {"name": "Q"}, "types": [{"kind": "OBJECT", "name": "Q", "#
                + #""description": "# + String(decoding: escaped, as: UTF8.self)
                + #", "fields": [{"name": "f", "args": [], "type": {"kind": "SCALAR", "name": "Int"}}]}]}}"#
            let schema = try GraphQLSchemaDocument(introspection: Data(answer.utf8))
            let built = try buildSchema(source: schema.sdl)
            #expect((built.getType(name: "Q") as? GraphQLObjectType)?.description == text, "\(schema.sdl)")
        }
    }

    @Test("an enum default value (which GraphQLSwift cannot print) is carried, and nothing traps on it")
    func enumDefault() throws {
        let answer = #"""
            {"data": {"__schema": {"queryType": {"name": "Query"}, "types": [
              {"kind": "OBJECT", "name": "Query", "fields": [{"name": "books", "args": [
                {"name": "genre", "type": {"kind": "ENUM", "name": "Genre"}, "defaultValue": "FICTION"}],
                "type": {"kind": "SCALAR", "name": "Int"}}], "interfaces": []},
              {"kind": "ENUM", "name": "Genre", "enumValues": [{"name": "FICTION"}, {"name": "POETRY"}]}
            ]}}}
            """#
        let schema = try GraphQLSchemaDocument(introspection: Data(answer.utf8))
        #expect(schema.sdl.contains("books(\n    genre: Genre = FICTION\n  ): Int"), "\(schema.sdl)")
        #expect(schema.describe(type: "Query")?.contains("genre: Genre = FICTION") == true)
        #expect(schema.check(GraphQLOperation(query: "{ books }")).isEmpty)
        #expect(!schema.check(GraphQLOperation(query: "{ books(genre: PROSE) }")).isEmpty)
    }

    @Test(
        "real schemas: the types of the introspection answer are the types of the published SDL",
        arguments: ["swapi", "shopify-storefront", "github"])
    func realSchemas(name: String) throws {
        let schema = try GraphQLSchemaDocument(introspection: try QueryCheckOracleTests.introspection(of: name))
        let sdl = try String(
            contentsOf: QueryCheckOracleTests.fixtures.appendingPathComponent("schemas/\(name)/schema.graphql"),
            encoding: .utf8)
        // Read from the text (GitHub's published SDL defines two fields twice, which a strict reader refuses).
        let pattern = try Regex(#"(?m)^(?:type|interface|enum|input|union|scalar) ([A-Za-z_][A-Za-z0-9_]*)"#)
        let published = Set(sdl.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) })
        let builtIn: Set = ["String", "Int", "Float", "Boolean", "ID"]
        #expect(published.count > 40)
        #expect(Set(schema.typeNames).subtracting(builtIn) == published.subtracting(builtIn))
        // Its SDL reads again into the same schema.
        #expect(try GraphQLSchemaDocument(sdl: schema.sdl).typeNames == schema.typeNames)
    }

    @Test("answers that are not introspection results are refused in a sentence")
    func refusals() throws {
        let cases: [(String, String)] = [
            ("not json", "not JSON"),
            (#"{"errors": [{"message": "introspection is disabled"}]}"#, "refused introspection: introspection is"),
            (#"{"data": {"__schema": {"types": []}}}"#, "queryType"),
            (#"{"data": {"__schema": {"queryType": {"name": "Q"}}}}"#, "'__schema.types'"),
            (
                #"{"__schema": {"queryType": {"name": "Q"}, "types": [{"kind": "WIDGET", "name": "Q"}]}}"#,
                "unknown kind 'WIDGET'"
            ),
        ]
        for (text, expected) in cases {
            #expect {
                _ = try GraphQLSchemaDocument(introspection: Data(text.utf8))
            } throws: { error in
                "\(error)".contains(expected)
            }
        }
        // A type reference nested past any real schema's is refused, not followed.
        var reference = #"{"kind": "SCALAR", "name": "String"}"#
        for _ in 0..<40 { reference = #"{"kind": "LIST", "ofType": "# + reference + "}" }
        let deep =
            #"{"__schema": {"queryType": {"name": "Q"}, "types": [{"kind": "OBJECT", "name": "Q", "#
            + #""fields": [{"name": "f", "args": [], "type": "# + reference + "}]}]}}"
        #expect {
            _ = try GraphQLSchemaDocument(introspection: Data(deep.utf8))
        } throws: { error in
            "\(error)".contains("nests deeper than 32")
        }
    }
}
