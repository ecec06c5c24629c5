import Foundation
import TernWorkspace
import Testing

@testable import TernInterchange

@Suite("Postman export of the imported corpus")
struct PostmanCorpusRoundTripTests {
    typealias Support = PostmanFixtureSupport

    static let corpus: [(format: String, file: String)] = [
        ("postman", "v2.0.0-helpers.json"), ("postman", "v2.0.0-request.json"),
        ("postman", "v2.1.0-apikeyAuthTest.json"), ("postman", "v2.1.0-formdata-body.json"),
        ("postman", "v2.1.0-httpbin.json"), ("postman", "v2.1.0-nestedEntities.json"),
        ("postman", "v2.1.0-reqBodyGraphQL.json"), ("postman", "newman-sample-collection.json"),
        ("insomnia", "insomnia_v4.json"), ("insomnia", "smoke-test-collection.yaml"),
        ("insomnia", "graphql.yaml"), ("insomnia", "environments.yaml"),
    ]

    /// The workspace an import would write: specs under `specs/<group>/<folders>/`, its targets
    /// and environments.
    static func workspace(from collection: ImportedCollection, group: String, root: URL) throws -> Workspace {
        var workspace = Workspace(root: root, name: group)
        for target in collection.targets { workspace.targets[target.name] = target }
        for environment in collection.environments {
            workspace.environments[environment.name] = WorkspaceEnvironment(
                name: environment.name, variables: environment.variables.map { ($0.name, $0.value) },
                file: root.appendingPathComponent("environments/\(environment.name).yaml"))
        }
        var used: Set<String> = []
        for imported in collection.specs {
            let stem =
                ([group] + imported.folders.map { Slug.file($0) }).joined(separator: "/") + "/"
                + Slug.file(imported.fileName)
            var id = stem
            var counter = 2
            while !used.insert(id).inserted {
                id = "\(stem)-\(counter)"
                counter += 1
            }
            workspace.specs.append(try workspace.makeEntry(id: id, spec: imported.spec))
        }
        workspace.specs.sort { $0.id < $1.id }
        return workspace
    }

    @Test(
        "Each corpus file imported, exported as a schema-valid v2.1 collection, imports to the same specs",
        arguments: corpus)
    func roundTrip(format: String, file: String) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
        var source = try Support.fixture(format, file, workspace: root)
        source.baseDirectory = root
        let collection =
            format == "postman" ? try PostmanImporter.read(source) : try InsomniaImporter.read(source)
        let group = source.groupName(title: collection.title)
        let workspace = try Self.workspace(from: collection, group: group, root: root)
        let data = try PostmanExport.collection(of: workspace, group: group)
        let problems = try await Support.schemaProblems(of: data)
        #expect(problems == nil, "\(file): \(problems ?? "")")
        let again = try PostmanImporter.read(
            ImportSource(data: data, name: file, baseDirectory: root, workspaceRoot: root))
        #expect(again.specs.count == collection.specs.count)
        for original in collection.specs {
            #expect(
                again.specs.contains { $0.spec == original.spec },
                "\(file): '\(original.spec.name)' did not come back: \(original.spec)")
        }
        // A literal base goes out as a collection variable, so it comes back as that variable, whose value is it.
        #expect(Self.resolvedBases(of: again) == Self.resolvedBases(of: collection))
    }

    /// Each target's base URL with the collection's variables substituted (repeatedly, for variables naming others).
    static func resolvedBases(of collection: ImportedCollection) -> [String] {
        let values = collection.environments.flatMap(\.variables).map { ($0.name, $0.value) }
        return collection.targets.map { target in
            var text = target.baseURL
            for _ in 0..<4 {
                text = values.reduce(text) { $0.replacingOccurrences(of: "{{\($1.0)}}", with: $1.1) }
            }
            return text
        }
    }
}
