import Foundation
import TernScreen
import TernTesting
import Testing

@testable import TernExplorer
@testable import TernTUI

/// `:import` and `:export` from the TUI's command line, through a real session on a workspace on disk.
@Suite(.serialized) struct RuntimeImportExportTests {
    static let collection = """
        {"info": {"name": "Shop", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "item": [{"name": "List orders", "request": {"method": "GET", "url": "https://shop.example/orders?page=2",
                   "header": [{"key": "Accept", "value": "application/json"}]}}]}
        """

    @Test func importRefreshesTheTreeAndExportCurlCopiesWithOSC52() async throws {
        let server = try await MockServer.start()
        let root = try RuntimeTests.workspace(flakyKey: "import")
        defer { try? FileManager.default.removeItem(at: root) }
        let source = root.appendingPathComponent("shop.postman_collection.json")
        try Data(Self.collection.utf8).write(to: source)
        let session = try RuntimeTests.session(root: root, server: server)
        let result = await UIThread.run {
            () -> (rows: [String], clipboard: [String], status: String?, frame: String?) in
            let terminal = MemoryTerminal(size: Size(width: 120, height: 40))
            let runtime = Runtime(terminal: terminal, session: session)
            runtime.start()
            defer { runtime.stop() }
            func keys(_ keys: [Key]) { for key in keys { runtime.dispatch(.key(key)) } }
            runtime.waitUntil { $0.snapshot != nil }
            keys([.character(":")] + typing("import postman \(source.path) --into shop") + [.enter])
            runtime.waitUntil { $0.treeRows.contains { $0.specID == "shop/list-orders" } }
            let rows = runtime.current.treeRows.compactMap(\.specID)
            keys([.escape, .character(":")] + typing("export curl shop/list-orders") + [.enter])
            runtime.waitUntil {
                if case .output(let title, _, _) = $0.dialog { return title == "curl" }
                return false
            }
            let frame = terminal.frame?.text
            keys([.character("y")])
            runtime.waitUntil { _ in !terminal.clipboard.isEmpty }
            return (rows, terminal.clipboard, runtime.current.status?.text, frame)
        }
        try await server.shutdown()
        #expect(result.rows.contains("shop/list-orders") && result.rows.contains("users"))
        #expect(result.frame?.contains("y copy") == true)
        let copied = try #require(result.clipboard.first)
        #expect(copied.hasPrefix("curl "))
        #expect(copied.contains("https://shop.example/orders?page=2"))
        #expect(copied.contains("Accept: application/json"))
        #expect(result.status?.hasPrefix("copied") == true)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("specs/shop/list-orders.yaml").path))
    }

    @Test func clipboardSequenceIsOSC52WithBase64() {
        #expect(MemoryTerminal.clipboardSequence("curl x") == "\u{1B}]52;c;Y3VybCB4\u{07}")
    }
}
