import Foundation
import Tern
import TernGraphQL
import Testing

/// A `.graphql` file of operations, split into one document an operation (the `.graphql` import): on
/// the oracle's documents, every operation of a valid document is still valid alone with its fragments.
@Suite struct GraphQLOperationFileTests {
    @Test func eachOperationTakesTheFragmentsItSpreadsAndTheirs() throws {
        let file = try GraphQLOperationFile(
            """
            # Braces in comments { and strings do not end a definition.
            fragment Parts on Book { id title(format: "{x}") author { ...Who } }
            fragment Who on Author { name }
            fragment Unused on Book { isbn13 }
            query Books { books { ...Parts } }
            mutation { addBook(input: {title: "}", authorId: "a"}) { id } }
            subscription Count { countdown(from: 1) }
            """)
        #expect(file.operations.map(\.name) == ["Books", nil, "Count"])
        #expect(file.operations.map(\.kind) == [.query, .mutation, .subscription])
        #expect(file.operations.map(\.line) == [5, 6, 7])
        #expect(
            file.operations[0].query
                == "query Books { books { ...Parts } }\n\n"
                + "fragment Parts on Book { id title(format: \"{x}\") author { ...Who } }\n\n"
                + "fragment Who on Author { name }\n")
        #expect(file.operations[1].query == "mutation { addBook(input: {title: \"}\", authorId: \"a\"}) { id } }\n")
        #expect(!file.definesTypes)
        #expect(try GraphQLOperationFile("type Query { a: Int }").definesTypes)
        #expect(throws: GraphQLSchemaError.self) { try GraphQLOperationFile("query { a ") }
    }

    @Test(
        "every operation of a valid document is valid alone with its fragments",
        arguments: ["github", "swapi", "shopify-storefront"])
    func splitOperationsStayValid(schemaName: String) throws {
        let schema = try GraphQLOutlineTests.schema(schemaName)
        let folder = QueryCheckOracleTests.fixtures.appendingPathComponent("queries/\(schemaName)")
        let verdicts = try JSONDecoder().decode(
            [QueryCheckOracleTests.Verdict].self, from: Data(contentsOf: folder.appendingPathComponent("expected.json"))
        )
        var split = 0
        var broken: [String] = []
        for verdict in verdicts where verdict.valid {
            let file = folder.appendingPathComponent(verdict.file)
            let variablesFile = file.deletingPathExtension().appendingPathExtension("variables.json")
            // Variables belong to the whole document's first operation: only documents without them are split.
            guard !FileManager.default.fileExists(atPath: variablesFile.path) else { continue }
            for operation in try GraphQLOperationFile(try String(contentsOf: file, encoding: .utf8)).operations {
                split += 1
                let problems = schema.check(GraphQLOperation(query: operation.query), checkingVariables: false)
                if !problems.isEmpty { broken.append("\(verdict.file) \(operation.name ?? "-"): \(problems)") }
            }
        }
        #expect(split >= 5, "only \(split) operations")
        #expect(broken.isEmpty, "\(broken.prefix(5))")
    }
}
