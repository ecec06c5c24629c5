import Foundation

@testable import TernInterchange

/// The collection the `.http` text `text` imports into, and the plan of it into a new workspace (the
/// file read from a temporary folder that is gone afterwards).
func planHTTPFile(_ text: String) throws -> (ImportedCollection, ImportPlan) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("http-plan-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = ImportSource(
        data: Data(text.utf8), name: folder.appendingPathComponent("api.http").path, baseDirectory: folder,
        workspaceRoot: folder.appendingPathComponent("ws"))
    let collection = try HTTPFileImporter.read(source)
    let plan = try ImportPlan(
        collection, root: folder.appendingPathComponent("ws"), group: "api", overwrite: false, origin: "test")
    return (collection, plan)
}
