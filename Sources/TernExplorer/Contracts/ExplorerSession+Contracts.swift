import Foundation
import Tern
import TernWorkspace

extension ExplorerSession {
    /// The OpenAPI contract checks of `entry`'s answer: when it says `expect.openapi: true`, or when the
    /// workspace's `handler.contract` is `openapi` and the spec remembers its operation; else none.
    func contractResults(_ entry: SpecEntry, _ facts: inout ResponseFacts) -> [ExpectationResult] {
        let asked = entry.spec.expect.contains(.openAPIContract)
        guard let operation = entry.spec.openAPI, asked || workspace.handler.checksOpenAPIContracts else { return [] }
        let file = URL(fileURLWithPath: operation.document, relativeTo: workspace.root).standardizedFileURL
        var description: OpenAPIDescription
        do throws(ExplorerError) {
            description = try openAPIDescription(file)
        } catch {
            return [
                ExpectationResult(
                    expected: "the answer keeps \(operation.operation)'s contract", actual: error.message, passed: false
                )
            ]
        }
        let results = OpenAPIContract.check(&facts, operation: operation, description: &description)
        openAPIDescriptions[file.path] = description  // keeps the schemas compiled on the way
        return results
    }

    /// The description at `file`, read once and again only when the file changes.
    private func openAPIDescription(_ file: URL) throws(ExplorerError) -> OpenAPIDescription {
        if let known = openAPIDescriptions[file.path], known.stamp != nil, known.stamp == FileStamp(path: file.path) {
            return known
        }
        let description = try OpenAPIDescription.read(file, root: workspace.root)
        openAPIDescriptions[file.path] = description
        return description
    }
}
