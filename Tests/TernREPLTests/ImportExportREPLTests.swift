import Foundation
import Testing

/// `import` and `export` typed at the REPL: the workspace reloads at once, and exports write files.
@Suite("REPL import and export", .serialized)
struct ImportExportREPLTests {
    @Test("import a curl file into a group, use and show the new spec, export it as Postman and as curl")
    func importThenUse() async throws {
        try await DemoSession.with { demo in
            let source = demo.root.appendingPathComponent("orders.sh")
            try Data("curl https://shop.example/orders -H 'X-Shop: 1'\n".utf8).write(to: source)
            let out = demo.root.appendingPathComponent("shop.postman.json")
            let run = await demo.run(
                "import curl \(source.path) --into shop", "ls", "use shop/get-orders", "show",
                "export postman shop -o \(out.path)", "export curl")
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.contains("imported 1 spec into shop/"))
            #expect(run.out.contains("shop/get-orders"))
            #expect(run.out.contains("GET https://shop.example/orders"))
            #expect(run.out.contains("X-Shop: 1"))
            #expect(run.out.contains("wrote a Postman collection v2.1 to \(out.path)"))
            #expect(run.out.contains("curl 'https://shop.example/orders' -H 'X-Shop: 1'"))
            let collection = try String(contentsOf: out, encoding: .utf8)
            #expect(collection.contains("https://shop.example"))
        }
    }

    @Test("a source that cannot be read is an error with where, and the session goes on")
    func importError() async throws {
        try await DemoSession.with { demo in
            let run = await demo.run("import openapi \(demo.root.path)/nope.yaml", "ls")
            #expect(run.status == 1)
            #expect(run.err.contains("no such file"))
            #expect(run.out.contains("users/get-user"))
        }
    }
}
