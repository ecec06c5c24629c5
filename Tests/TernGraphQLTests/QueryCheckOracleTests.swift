import Foundation
import Tern
import TernGraphQL
import Testing

/// Tern's check of GraphQL documents against three real schemas (GitHub's, SWAPI's, Shopify's Storefront),
/// each read from its introspection result, compared with graphql-js's verdict on the same 158 documents
/// (`Fixtures/queries/*/expected.json`, made by `scripts/graphql-oracle.py` with graphql-core 3.2.8): the
/// same verdict on every document, and the first problem at the same line and column.
@Suite("GraphQL checks agree with graphql-js on real schemas")
struct QueryCheckOracleTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    /// A schema's introspection result, un-gzipped when it is stored compressed.
    static func introspection(of name: String) throws -> Data {
        let folder = fixtures.appendingPathComponent("schemas/\(name)")
        let plain = folder.appendingPathComponent("introspection.json")
        if FileManager.default.fileExists(atPath: plain.path) { return try Data(contentsOf: plain) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", folder.appendingPathComponent("introspection.json.gz").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    struct Verdict: Decodable {
        struct Problem: Decodable {
            var message: String
            var locations: [[Int]]
        }
        var file: String
        var valid: Bool
        var errors: [Problem]
    }

    @Test("the same verdict as graphql-js on every document", arguments: ["github", "swapi", "shopify-storefront"])
    func sameVerdicts(schemaName: String) async throws {
        let schema = try GraphQLOutlineTests.schema(schemaName)
        let folder = Self.fixtures.appendingPathComponent("queries/\(schemaName)")
        let verdicts = try JSONDecoder().decode(
            [Verdict].self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
        #expect(verdicts.count >= 37)
        var disagreements: [String] = []
        for verdict in verdicts {
            // Long work in steps: the other tests' tasks (servers among them) get their turns.
            await Task.yield()
            let file = folder.appendingPathComponent(verdict.file)
            let query = try String(contentsOf: file, encoding: .utf8)
            var operation = GraphQLOperation(query: query)
            let variablesFile = file.deletingPathExtension().appendingPathExtension("variables.json")
            let data = try? Data(contentsOf: variablesFile)
            if let data, case .object(let values) = try JSONDecoder().decode(JSONValue.self, from: data) {
                operation.variables = values
            }
            // As the oracle does: the variables, when a file gives them, are those of the first operation.
            let names = GraphQLSchemaDocument.operationNames(in: query)
            if names.count > 1, let first = names.first { operation.operationName = first }
            let problems = schema.check(operation, checkingVariables: data != nil)
            if problems.isEmpty != verdict.valid {
                disagreements.append(
                    "\(verdict.file): graphql-js says "
                        + (verdict.valid ? "valid," : "invalid: \(verdict.errors[0].message),")
                        + " Tern says \(problems.isEmpty ? "valid" : "invalid: \(problems[0])")")
                continue
            }
            // The first problem in the same place, when graphql-js gives it one.
            if let expected = verdict.errors.first?.locations.first, let found = problems.first, found.line > 0 {
                let places = Set(problems.map { [$0.line, $0.column] })
                if !places.contains(expected) {
                    disagreements.append("\(verdict.file): graphql-js at \(expected), Tern at \(found)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }
}
