import Foundation
import Tern
import TernTesting
import TernWorkspace
import Testing

@testable import TernInterchange

/// Reads the Postman and Insomnia corpus under Fixtures/ and imports text written in a test.
enum PostmanFixtureSupport {
    /// The Fixtures folder.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// A source for the corpus file `name` under `Fixtures/<format>/`.
    static func fixture(_ format: String, _ name: String, workspace: URL? = nil) throws -> ImportSource {
        let url = fixtures.appendingPathComponent(format).appendingPathComponent(name)
        return ImportSource(
            data: try Data(contentsOf: url), name: name, baseDirectory: url.deletingLastPathComponent(),
            workspaceRoot: workspace ?? FileManager.default.temporaryDirectory.appendingPathComponent("ws"))
    }

    /// A source for `text`.
    static func source(_ text: String, name: String = "collection.json", base: URL? = nil) -> ImportSource {
        let directory = base ?? FileManager.default.temporaryDirectory
        return ImportSource(
            data: Data(text.utf8), name: name, baseDirectory: directory,
            workspaceRoot: directory.appendingPathComponent("workspace"))
    }

    /// The spec named `name`.
    static func spec(_ name: String, in collection: ImportedCollection) throws -> ImportedSpec {
        try #require(collection.specs.first { $0.spec.name == name })
    }

    /// The value of header `name` in `spec`.
    static func header(_ name: String, _ spec: SpecDefinition) -> String? {
        spec.headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Query rows as `name=value` text.
    static func query(_ spec: SpecDefinition) -> [String] {
        spec.query.map { "\($0.name)=\($0.value.scalarText ?? "?")" }
    }

    /// Every string of a collection that could be written to disk, to look for secrets.
    static func writtenText(_ collection: ImportedCollection) -> String {
        var parts: [String] = []
        for spec in collection.specs { parts.append(String(describing: spec.spec)) }
        for environment in collection.environments { parts.append(String(describing: environment)) }
        for target in collection.targets { parts.append(String(describing: target)) }
        return parts.joined(separator: "\n")
    }

    /// What the published Postman v2.1.0 schema finds wrong with `collection` (nil when valid),
    /// checked by python3-jsonschema; a missing python3 or module is reported as a problem.
    static func schemaProblems(of collection: Data) async throws -> String? {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("postman-schema-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = directory.appendingPathComponent("collection.json")
        try collection.write(to: document)
        let schema = fixtures.appendingPathComponent("postman/collection-v2.1.0.schema.json")
        let script = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                print("python3-jsonschema is not installed (apt-get install python3-jsonschema)")
                sys.exit(3)
            schema = json.load(open(sys.argv[1]))
            document = json.load(open(sys.argv[2]))
            validator = jsonschema.Draft7Validator(schema)
            errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]
            print("\\n".join(errors))
            sys.exit(1 if errors else 0)
            """
        let result = try await ExternalCommand.run("/usr/bin/python3", ["-c", script, schema.path, document.path])
        return result.status == 0 ? nil : "exit \(result.status): \(result.output)"
    }
}
