import Foundation
import OpenAPIKit
import Tern
import TernWorkspace

/// Reads OpenAPI 3.0 / 3.1 / 3.2 and Swagger 2.0 descriptions (JSON or YAML): one spec per operation.
package enum OpenAPIImporter {
    /// The largest source read: 64 MiB.
    package static let maxSize = 64 << 20

    /// Maps `source` to specs, a target and an environment, or throws with a location.
    package static func read(_ source: ImportSource) throws(ImportError) -> ImportedCollection {
        guard source.data.count <= maxSize else {
            throw ImportError(
                "\(source.data.count) bytes is more than the 64 MiB an OpenAPI description may have", at: source.name)
        }
        let text = try source.text()
        let result = try OpenAPIDocumentReader.read(text: text, data: Data(text.utf8), name: source.name)
        let title = result.document.info.title
        let group = source.groupName(title: title)
        var mapper = OpenAPIMapper(document: result.document, group: group)
        mapper.warnings = result.warnings
        // The description is kept in the workspace as it was given, and each spec names its operation
        // in it, so that answers can be checked against their contract later (`expect.openapi`).
        let isJSON = text.first { !$0.isWhitespace } == "{"
        mapper.descriptionPath = "openapi/\(group).\(isJSON ? "json" : "yaml")"
        var collection = try mapper.map(pathOrder: result.pathOrder)
        if let path = mapper.descriptionPath {
            collection.files.append(
                ImportedFile(
                    contents: Data(text.utf8), destination: path,
                    source: URL(fileURLWithPath: source.name, relativeTo: source.baseDirectory)))
        }
        return collection
    }
}
