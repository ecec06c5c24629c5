import Foundation
import Synchronization
import Tern
import TernWorkspace

/// The OpenAPI descriptions contract checks read, by path, each read once and again only when its file
/// changes (their schemas stay compiled between checks): the contracts concept's state.
final class ContractBook: Sendable {
    private let descriptions = Mutex<[String: OpenAPIDescription]>([:])

    /// An empty book.
    init() {}

    /// The OpenAPI contract checks of `entry`'s answer: when it says `expect.openapi: true`, or when
    /// `workspace`'s `handler.contract` is `openapi` and the spec remembers its operation; else none.
    func results(_ entry: SpecEntry, _ facts: inout ResponseFacts, in workspace: Workspace) -> [ExpectationResult] {
        let asked = entry.spec.expect.contains(.openAPIContract)
        guard let operation = entry.spec.openAPI, asked || workspace.handler.checksOpenAPIContracts else { return [] }
        // Relative to the workspace's folder, however its URL was spelled (with or without a final slash).
        let file =
            operation.document.hasPrefix("/")
            ? URL(fileURLWithPath: operation.document).standardizedFileURL
            : workspace.root.appendingPathComponent(operation.document).standardizedFileURL
        var description: OpenAPIDescription
        do throws(ExplorerError) {
            description = try self.description(file, root: workspace.root)
        } catch {
            return [
                ExpectationResult(
                    expected: "the answer keeps \(operation.operation)'s contract", actual: error.message, passed: false
                )
            ]
        }
        let results = OpenAPIContract.check(&facts, operation: operation, description: &description)
        descriptions.withLock { $0[file.path] = description }  // keeps the schemas compiled on the way
        return results
    }

    /// The description at `file`, read once and again only when the file changes.
    private func description(_ file: URL, root: URL) throws(ExplorerError) -> OpenAPIDescription {
        let known = descriptions.withLock { $0[file.path] }
        if let known, known.stamp != nil, known.stamp == FileStamp(path: file.path) { return known }
        let description = try OpenAPIDescription.read(file, root: root)
        descriptions.withLock { $0[file.path] = description }
        return description
    }
}
