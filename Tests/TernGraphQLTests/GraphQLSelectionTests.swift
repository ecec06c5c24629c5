import Foundation
import Tern
import TernGraphQL
import Testing

/// The query builder's ticks: an operation read as a selection, changed a tick at a time, and written back
/// as one the check accepts; what ticking would not keep is refused, naming it.
@Suite struct GraphQLSelectionTests {
    static let outline = Result { GraphQLOutline(try GraphQLOutlineTests.schema("bookshop")) }

    func write(_ selection: GraphQLSelection) throws -> (query: String, variables: JSONValue?) {
        GraphQLOperationWriter(try Self.outline.get()).write(selection)
    }

    @Test func tickingFieldsWritesThemInTheSchemasOrderWithTheFieldsAbove() throws {
        var selection = GraphQLSelection(operation: .query, root: "books")
        #expect(try write(selection).query == "query Books {\n  books {\n    __typename\n  }\n}\n")
        selection.toggle(field: ["author", "name"])
        selection.toggle(field: ["title"])
        #expect(selection.fields == [["author"], ["author", "name"], ["title"]])
        let query = try write(selection).query
        #expect(query == "query Books {\n  books {\n    title\n    author {\n      name\n    }\n  }\n}\n", "\(query)")
        // Unticking a field takes what is below it too.
        selection.toggle(field: ["author"])
        #expect(selection.fields == [["title"]])
    }

    @Test func argumentsBecomeVariablesDeclaredWithTheirTypes() throws {
        var selection = GraphQLSelection(operation: .query, root: "books")
        selection.set(argument: "first", at: [], to: .int(2))
        selection.toggle(argument: "genre", at: [], value: .string("SCIENCE"))
        selection.toggle(field: ["title"])
        let (query, variables) = try write(selection)
        #expect(query.hasPrefix("query Books($first: Int, $genre: Genre) {\n  books(first: $first, genre: $genre) {"))
        #expect(variables == .object(["first": .int(2), "genre": .string("SCIENCE")]))
        let schema = try GraphQLOutlineTests.schema("bookshop")
        guard case .object(let values)? = variables else { return }
        #expect(schema.check(GraphQLOperation(query: query, variables: values)).isEmpty)
        // Given again, it goes.
        selection.toggle(argument: "genre", at: [], value: .null)
        #expect(try write(selection).query.hasPrefix("query Books($first: Int) {"))
    }

    @Test func aFragmentIsWrittenAfterTheFieldsOnItsType() throws {
        var selection = GraphQLSelection(operation: .query, root: "node")
        selection.set(argument: "id", at: [], to: .string("b1"))
        selection.toggle(field: ["... on Author", "name"])
        selection.toggle(field: ["... on Book", "title"])
        selection.toggle(field: ["id"])
        let (query, variables) = try write(selection)
        #expect(
            query == """
                query Node($id: ID!) {
                  node(id: $id) {
                    id
                    ... on Book {
                      title
                    }
                    ... on Author {
                      name
                    }
                  }
                }

                """, "\(query)")
        #expect(variables == .object(["id": .string("b1")]))
        let schema = try GraphQLOutlineTests.schema("bookshop")
        #expect(schema.check(GraphQLOperation(query: query, variables: ["id": .string("b1")])).isEmpty)
    }

    @Test func aNestedArgumentsVariableIsNamedAfterItsField() throws {
        let schema = try GraphQLOutlineTests.schema("github")
        var selection = GraphQLSelection(operation: .query, root: "viewer")
        selection.set(argument: "first", at: ["repositories"], to: .int(5))
        selection.toggle(field: ["repositories", "totalCount"])
        selection.set(argument: "first", at: ["followers"], to: .int(1))
        let (query, variables) = GraphQLOperationWriter(GraphQLOutline(schema)).write(selection)
        #expect(query.hasPrefix("query Viewer($followers_first: Int, $repositories_first: Int) {"), "\(query)")
        #expect(query.contains("repositories(first: $repositories_first) {\n      totalCount\n    }"), "\(query)")
        #expect(query.contains("followers(first: $followers_first) {\n      __typename\n    }"), "\(query)")
        #expect(variables == .object(["repositories_first": .int(5), "followers_first": .int(1)]))
        #expect(
            schema.check(
                GraphQLOperation(query: query, variables: ["repositories_first": .int(5), "followers_first": .int(1)])
            ).isEmpty)
    }

    @Test func aQueryReadsBackAsTheSameTicksAndWritesTheSameText() throws {
        var selection = GraphQLSelection(operation: .query, root: "books")
        selection.comments = "# books(first: Int, genre: Genre): [Book!]!\n"
        selection.set(argument: "first", at: [], to: .int(3))
        selection.toggle(field: ["title"])
        selection.toggle(field: ["author", "books", "isbn13"])
        let (query, variables) = try write(selection)
        guard case .object(let values)? = variables else {
            Issue.record("no variables")
            return
        }
        let read = try GraphQLSelection(reading: query, variables: values)
        #expect(read.fields == selection.fields)
        #expect(read.arguments == selection.arguments && read.comments == selection.comments && read.name == "Books")
        #expect(try write(read).query == query)
    }

    @Test func literalsAndDefaultsAreReadAsValues() throws {
        let query = """
            query Few($genre: Genre = FANTASY) { books(first: 2, genre: $genre) { title } }
            """
        let read = try GraphQLSelection(reading: query)
        #expect(read.arguments[[]] == ["first": .int(2), "genre": .string("FANTASY")])
        let (written, variables) = try write(read)
        #expect(written.hasPrefix("query Few($first: Int, $genre: Genre) {"))
        #expect(variables == .object(["first": .int(2), "genre": .string("FANTASY")]))
    }

    @Test(
        "what ticking would not keep is refused, naming it",
        arguments: [
            ("query { a: books { title } }", "alias (a: books)"),
            ("query { books { t: title } }", "alias (t: title)"),
            ("query { books { ...B } } fragment B on Book { title }", "fragment B"),
            ("query { books { title } author(id: 1) { name } }", "2 root fields"),
            ("query A { books { title } } query B { books { id } }", "2 operations"),
            ("query { books { title @skip(if: true) } }", "title has directives"),
            ("query { books { ", "does not parse"),
        ])
    func refusals(query: String, named: String) {
        #expect(throws: GraphQLSelectionError.self) { try GraphQLSelection(reading: query) }
        do {
            _ = try GraphQLSelection(reading: query)
        } catch {
            #expect(error.description.contains(named), "\(error)")
        }
    }

    @Test func ticksOnRealSchemasWriteOperationsTheCheckAccepts() async throws {
        // Each root field of GitHub's schema with its first scalar field and first object field's first scalar
        // field ticked, every required argument given a value of its type.
        let schema = try GraphQLOutlineTests.schema("github")
        let outline = GraphQLOutline(schema)
        var refused: [String] = []
        var written = 0
        for root in outline.rootFields.prefix(120) {
            // Long work in steps: the other tests' tasks (servers among them) get their turns.
            await Task.yield()
            var selection = GraphQLSelection(operation: root.operation, root: root.name)
            for argument in root.arguments where argument.required {
                selection.set(argument: argument.name, at: [], to: outline.sample(of: argument.type))
            }
            let type = root.type.filter { $0 != "[" && $0 != "]" && $0 != "!" }
            let fields = outline.fields(of: type).filter { field in !field.arguments.contains(where: \.required) }
            if let leaf = fields.first(where: {
                !outline.isComposite($0.type.filter { $0.isLetter || $0.isNumber || $0 == "_" })
            }) {
                selection.toggle(field: [leaf.name])
            }
            if let object = fields.first(where: {
                outline.isComposite($0.type.filter { $0.isLetter || $0.isNumber || $0 == "_" })
            }) {
                selection.toggle(field: [object.name])
            }
            let (query, variables) = GraphQLOperationWriter(outline).write(selection)
            guard case .object(let values)? = variables ?? .object([:]) else { continue }
            let problems = schema.check(GraphQLOperation(query: query, variables: values))
            if !problems.isEmpty { refused.append("\(root.name): \(problems.map(\.description))\n\(query)") }
            written += 1
        }
        #expect(written == 120)
        #expect(refused.isEmpty, "\(refused.prefix(3).joined(separator: "\n"))")
    }
}
