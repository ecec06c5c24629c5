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
        var mapper = OpenAPIMapper(document: result.document, group: source.groupName(title: title))
        mapper.warnings = result.warnings
        return try mapper.map(pathOrder: result.pathOrder)
    }
}
