import Foundation
import Tern
import TernWorkspace

@testable import TernInterchange

/// Reading fixtures and inline documents for the OpenAPI tests.
enum OpenAPIFixture {
    /// The corpus folder.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/openapi")

    /// Imports a corpus file.
    static func read(_ file: String, group: String? = nil) throws -> ImportedCollection {
        let data = try Data(contentsOf: folder.appendingPathComponent(file))
        return try OpenAPIImporter.read(source(data, name: file, group: group))
    }

    /// Imports inline text.
    static func read(text: String, name: String = "inline.yaml") throws(ImportError) -> ImportedCollection {
        try OpenAPIImporter.read(source(Data(text.utf8), name: name))
    }

    /// The error importing `text` gives (nil when it imports).
    static func error(_ text: String, name: String = "bad.yaml") -> ImportError? {
        error(data: Data(text.utf8), name: name)
    }

    /// The error importing `data` gives (nil when it imports).
    static func error(data: Data, name: String) -> ImportError? {
        do {
            _ = try OpenAPIImporter.read(source(data, name: name))
            return nil
        } catch {
            return error
        }
    }

    static func source(_ data: Data, name: String, group: String? = nil) -> ImportSource {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory())
        return ImportSource(data: data, name: name, baseDirectory: directory, workspaceRoot: directory, group: group)
    }
}

extension ImportedCollection {
    /// The spec with this file name.
    func spec(_ fileName: String) -> SpecDefinition? {
        specs.first { $0.fileName == fileName }?.spec
    }

    /// A variable of the first environment.
    func variable(_ name: String) -> String? {
        environments.first?.variables.first { $0.name == name }?.value
    }
}

extension SpecDefinition {
    /// A header's value.
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// A query row's value.
    func queryValue(_ name: String) -> JSONValue? {
        query.first { $0.name == name }?.value
    }
}
