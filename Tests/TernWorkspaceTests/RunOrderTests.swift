import Foundation
import Testing

@testable import TernWorkspace

/// `order:` in workspace.yaml: the order a folder's specs run in.
@Suite("Run order")
struct RunOrderTests {
    @Test("a folder's order: puts its specs first, as listed; the rest and other folders by id")
    func order() throws {
        let folder = try TemporaryWorkspace([
            "workspace.yaml": "name: w\norder:\n  shop: [zeta, alpha]\n",
            "specs/shop/alpha.yaml": "method: GET\npath: https://h/a\n",
            "specs/shop/beta.yaml": "method: GET\npath: https://h/b\n",
            "specs/shop/zeta.yaml": "method: GET\npath: https://h/z\n",
            "specs/shop/deep/one.yaml": "method: GET\npath: https://h/1\n",
            "specs/auth.yaml": "method: GET\npath: https://h/auth\n",
        ])
        let workspace = try folder.load()
        #expect(workspace.order == ["shop": ["zeta", "alpha"]])
        let ids = workspace.specs.map(\.id).sorted { workspace.order.runsBefore($0, $1) }
        #expect(ids == ["auth", "shop/zeta", "shop/alpha", "shop/beta", "shop/deep/one"])
    }

    @Test("an order: that is not a mapping of lists is an error at its line")
    func broken() throws {
        let folder = try TemporaryWorkspace(["workspace.yaml": "name: w\norder:\n  shop: {a: 1}\n"])
        do {
            _ = try folder.load()
            Issue.record("loaded")
        } catch {
            #expect(error.line == 3, "\(error)")
            #expect(error.message.contains("order.shop"), "\(error.message)")
        }
    }
}
