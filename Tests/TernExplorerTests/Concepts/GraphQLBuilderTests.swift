import Foundation
import Tern
import TernHTTPClient
import TernSQLite
import TernWorkspace
import Testing

@testable import TernExplorer

/// The query builder through the session's door, on a schema kept as SDL in the workspace (no server): the
/// catalog lists the fields below the root fields, a tick changes the root field's new request (opening it
/// first) or the selected spec it starts, an argument's value is typed, and the snapshot's ticks follow.
@Suite struct GraphQLBuilderTests {
    static let schema = """
        type Query {
          "Books in id order."
          books(first: Int, genre: Genre): [Book!]!
          node(id: ID!): Node
        }
        interface Node { id: ID! }
        enum Genre { FICTION SCIENCE }
        type Author implements Node { id: ID! name: String! books: [Book!]! }
        type Book implements Node { id: ID! title: String! author: Author! }
        """

    func session(in folder: ScratchFolder, specs: [String: String] = [:]) throws -> ExplorerSession {
        let root = folder.url.appendingPathComponent("ws")
        try ChainWorkspace.write(
            root, "workspace.yaml",
            "name: g\ntargets:\n  shop:\n    baseURL: http://127.0.0.1:9/graphql\n"
                + "    graphql: {schema: schema.graphql}\n")
        try ChainWorkspace.write(root, "schema.graphql", Self.schema)
        for (path, text) in specs { try ChainWorkspace.write(root, "specs/" + path, text) }
        let storage = try SQLiteStorage(path: root.appendingPathComponent(".tern/cache.sqlite"))
        return ExplorerSession(
            workspace: try Workspace.load(from: root), transport: HTTPClientTransport.shared, storage: storage,
            history: storage, options: ExplorerSession.Options(processEnvironment: [:]))
    }

    /// The selected spec's query and variables, as the editor shows them.
    func body(_ session: ExplorerSession) async throws -> (query: String, variables: JSONValue?)? {
        guard let selected = await session.snapshot().selected else { return nil }
        let variables = try selected.graphQLVariables.map {
            try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8))
        }
        return (selected.body, variables)
    }

    @Test func theCatalogListsTheTypesBelowTheRootFields() async throws {
        try await withFolder { folder in
            let session = try session(in: folder)
            guard case .graphQLCatalog(let catalog) = try await session.run(.graphql(.catalog(target: "shop"))) else {
                Issue.record("no catalog")
                return
            }
            #expect(catalog.fields.map(\.name) == ["books", "node"])
            #expect(catalog.fields.first?.arguments.map(\.name) == ["first", "genre"])
            #expect(catalog.types["Book"]?.fields.map(\.name) == ["id", "title", "author"])
            #expect(catalog.types["Book"]?.fields.last?.composite == true)
            #expect(catalog.types["Node"]?.possibleTypes.sorted() == ["Author", "Book"])
            #expect(catalog.types["Genre"] == nil)
        }
    }

    @Test func aTickOpensTheRootFieldsRequestAndWritesTheOperation() async throws {
        try await withFolder { folder in
            let session = try session(in: folder)
            _ = try await session.run(
                .graphql(.tick(target: "shop", operation: "query", field: "books", .field(["author", "name"]))))
            var snapshot = await session.snapshot()
            #expect(snapshot.selected?.id == "new:shop/query.books" && snapshot.unsaved == ["new:shop/query.books"])
            // The request written from the field selects its leaves; the tick added author { name }.
            #expect(snapshot.graphQLTicks?.fields.contains(["author", "name"]) == true)
            #expect(snapshot.graphQLTicks?.fields.contains(["title"]) == true)
            _ = try await session.run(
                .graphql(.tick(target: "shop", operation: "query", field: "books", .field(["title"]))))
            _ = try await session.run(
                .graphql(
                    .tick(
                        target: "shop", operation: "query", field: "books", .value(path: [], name: "first", text: "2")))
            )
            _ = try await session.run(
                .graphql(.tick(target: "shop", operation: "query", field: "books", .argument(path: [], name: "genre"))))
            let body = try #require(try await body(session))
            #expect(body.query.hasPrefix("# query books(first: Int, genre: Genre): [Book!]!\n# Books in id order.\n"))
            #expect(
                body.query.hasSuffix(
                    "query Books($first: Int, $genre: Genre) {\n  books(first: $first, genre: $genre) {\n    id\n"
                        + "    author {\n      name\n    }\n  }\n}\n"), "\(body.query)")
            #expect(body.variables == .object(["first": .int(2), "genre": .string("FICTION")]))
            // A value that is not of the argument's type is refused, and nothing changes.
            let error = await #expect(throws: ExplorerError.self) {
                try await session.run(
                    .graphql(
                        .tick(
                            target: "shop", operation: "query", field: "books",
                            .value(path: [], name: "first", text: "02"))))
            }
            #expect(error?.message == "'02' is not a value of Int: it takes a whole number")
            #expect(try await self.body(session)?.variables == body.variables)
            snapshot = await session.snapshot()
            #expect(snapshot.graphQLTicks?.arguments[[]] == ["first": "2", "genre": "\"FICTION\""])
            #expect(snapshot.selected?.graphQLVariables?.contains("\"first\": 2") == true)
        }
    }

    @Test func aNewRequestTakesItsArgumentsTyped() async throws {
        try await withFolder { folder in
            let session = try session(in: folder)
            _ = try await session.run(
                .graphql(.draft(target: "shop", operation: "", field: "books", arguments: ["first": "3"])))
            let body = try #require(try await body(session))
            #expect(body.query.contains("query Books($first: Int) {\n  books(first: $first) {"), "\(body.query)")
            #expect(body.variables == .object(["first": .int(3)]))
            let error = await #expect(throws: ExplorerError.self) {
                try await session.run(
                    .graphql(.draft(target: "shop", operation: "", field: "books", arguments: ["frist": "3"])))
            }
            #expect(error?.message.contains("books has no argument 'frist' (did you mean 'first'?)") == true)
        }
    }

    @Test func aSavedSpecThatStartsFromTheFieldIsTheOneTicked() async throws {
        try await withFolder { folder in
            let session = try session(
                in: folder,
                specs: ["books.yaml": "target: shop\npath: \"\"\nbody: {graphql: {query: \"{ books { id } }\"}}\n"])
            _ = try await session.run(.use("books"))
            _ = try await session.run(
                .graphql(
                    .tick(
                        target: "shop", operation: "query", field: "books", .value(path: [], name: "first", text: "5")))
            )
            let snapshot = await session.snapshot()
            #expect(snapshot.selected?.id == "books" && snapshot.unsaved == ["books"])
            let body = try #require(try await body(session))
            #expect(body.query == "query Books($first: Int) {\n  books(first: $first) {\n    id\n  }\n}\n")
        }
    }

    @Test func whatTheBuilderWouldNotKeepIsRefusedAndTheSpecLeftAlone() async throws {
        try await withFolder { folder in
            let session = try session(
                in: folder,
                specs: [
                    "aliased.yaml": "target: shop\npath: \"\"\nbody: {graphql: {query: \"{ books { t: title } }\"}}\n"
                ])
            _ = try await session.run(.use("aliased"))
            #expect(await session.snapshot().graphQLTicks == nil)
            // The spec it cannot read is left alone: the tick goes to the root field's new request.
            let tick = Command.graphql(.tick(target: "shop", operation: "query", field: "books", .field(["id"])))
            _ = try await session.run(tick)
            #expect(await session.snapshot().unsaved == ["new:shop/query.books"])
            // That request written by hand with an alias: ticking says why it cannot, and changes nothing.
            _ = try await session.run(.body(.text("{ books { t: title } }")))
            let error = await #expect(throws: ExplorerError.self) { try await session.run(tick) }
            #expect(error?.message.contains("alias (t: title)") == true, "\(String(describing: error))")
            #expect(await session.snapshot().selected?.body == "{ books { t: title } }")
            await #expect(throws: ExplorerError.self) {
                try await session.run(
                    .graphql(.tick(target: "shop", operation: "query", field: "bokes", .field(["id"]))))
            }
        }
    }
}
