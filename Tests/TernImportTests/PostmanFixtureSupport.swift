import Foundation
import TernWorkspace
import Testing

@testable import TernImport

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
}
