import Foundation
import Tern
import Testing

@testable import TernWorkspace

@Suite struct SavingTests {
    /// Loads, changes `change` in the spec `s`, saves, reloads; returns the new file text and reloaded entry.
    private func roundTrip(
        _ text: String, change: (inout SpecDefinition) -> Void = { _ in }
    ) throws -> (text: String, saved: SpecDefinition, reloaded: SpecDefinition) {
        let folder = try Fixtures.demo(["specs/s.yaml": text])
        var entry = try folder.load().spec(named: "s")
        change(&entry.spec)
        try folder.load().save(entry)
        let reloaded = try folder.load().spec(named: "s").spec
        return (try folder.read("specs/s.yaml"), entry.spec, reloaded)
    }

    @Test func everyFieldRoundTrips() throws {
        var spec = SpecDefinition(
            name: "Everything", target: "api", method: "PATCH", path: "/things/{{userId}}",
            query: [
                ("flag", true), ("n", 3), ("ratio", 2.5), ("tiny", 0.001), ("big", 1e20), ("none", nil),
                ("word", "true"), ("num", "123"), ("tags", ["a", "{{traceId}}", 1]), ("obj", ["k": "v"]),
            ],
            arrayEncoding: .comma,
            headers: [("X-Trace", "{{traceId}}"), ("X-Empty", ""), ("X-On", "on"), ("X-Colon", "a: b # c")],
            body: .json([
                "name": "Ada", "nested": ["list": [1, 2.25, nil, false]], "quote": "\"{{x}}\"",
                "multi": "line 1\nline 2\n",
            ]),
            transaction: .upload, storageKey: "thing-{{userId}}", validFor: 90.5,
            sample: SampleDefinition(
                status: 418, headers: [("Content-Type", "application/json")], body: ["id": 1, "s": "x"])
        )
        let folder = try Fixtures.demo()
        let workspace = try folder.load()
        let bodies: [BodyDefinition?] = [
            spec.body, .form([("user", "ada"), ("pass", "{{env:PW}}")]), .text("first\nsecond"), .text("yes"),
            .file("data/in.bin"),
            .multipart([
                MultipartPartDefinition(name: "a", value: "1"),
                MultipartPartDefinition(name: "f", file: "x.bin", contentType: "image/png"),
            ]), nil,
        ]
        for (index, body) in bodies.enumerated() {
            spec.body = body
            let entry = try workspace.makeEntry(id: "round/trip-\(index)", spec: spec)
            try workspace.save(entry)
            let reloaded = try folder.load().spec(named: "round/trip-\(index)")
            let written = try folder.read("specs/round/trip-\(index).yaml")
            #expect(reloaded.spec == spec, "body \(index): \(written)")
        }
        let text = try folder.read("specs/round/trip-0.yaml")
        #expect(text.contains("ratio: 2.5\n"))
        #expect(text.contains("big: 1e+20\n"))
        #expect(text.contains("validFor: 90.5\n"))
        #expect(text.contains("word: \"true\"\n"))
        #expect(!text.contains("e+0\n"))
    }

    @Test func keyOrderIsKeptAndNewFieldsGoWhereTheDocumentedOrderPutsThem() throws {
        let original = """
            path: /b
            method: POST
            headers:
              Z-Last: z
              A-First: a
            name: Reordered
            body:
              json:
                zeta: 1
                alpha: { y: 1, x: 2 }

            """
        let result = try roundTrip(original) { spec in
            spec.path = "/changed"
            spec.storageKey = "key"
            spec.target = "api"
            spec.body = .json(["zeta": 1, "alpha": ["y": 1, "x": 2], "new": true])
        }
        #expect(result.reloaded == result.saved)
        let keys = result.text.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { $0.split(separator: ":")[0] }
        // `target` after `name` (the last field the documented order puts before it), `storageKey` after `body`.
        #expect(keys == ["path", "method", "headers", "name", "target", "body", "storageKey"])
        #expect(result.text.contains("  Z-Last: z\n  A-First: a\n"))
        let zeta = try #require(result.text.range(of: "zeta"))
        let alpha = try #require(result.text.range(of: "alpha"))
        let new = try #require(result.text.range(of: "new"))
        #expect(zeta.lowerBound < alpha.lowerBound && alpha.lowerBound < new.lowerBound)
        let y = try #require(result.text.range(of: "\"y\": 1"))  // quoted: YAML 1.1 reads a bare y as true
        let x = try #require(result.text.range(of: "x: 2"))
        #expect(y.lowerBound < x.lowerBound)
    }

    @Test func aSampleBodyKeepsItsKeyOrderWhenTheSpecIsSaved() throws {
        let original = """
            method: GET
            path: /users/1
            sample:
              status: 200
              body:
                zeta: 1
                alpha: { y: 1, x: [3, {b: 2, a: "{{name}}"}] }
                middle: null

            """
        let result = try roundTrip(original) { spec in spec.sample?.status = 201 }
        #expect(result.reloaded == result.saved)
        #expect(
            result.reloaded.sample?.body == [
                "zeta": 1, "alpha": ["y": 1, "x": [3, ["b": 2, "a": "{{name}}"]]], "middle": nil,
            ])
        #expect(result.text.contains("status: 201"))
        // Written whole (no file to patch), the body's mappings come out in the file's order.
        let folder = try Fixtures.demo(["specs/s.yaml": original])
        let written = try SpecWriter(spec: try folder.load().spec(named: "s").spec, defaultName: "s").yaml()
        let order = ["zeta:", "alpha:", "\"y\":", "x:", "b: 2", "{{name}}", "middle:"].map {
            written.range(of: $0)?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil }, "\(written)")
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "\(written)")
        // A body Tern makes (a promoted answer) is written by key.
        let made = try roundTrip(original) { spec in spec.sample?.body = ["zeta": 1, "alpha": 2] }
        let alpha = try #require(made.text.range(of: "alpha"))
        let zeta = try #require(made.text.range(of: "zeta"))
        #expect(alpha.lowerBound < zeta.lowerBound)
    }

    @Test func anUnchangedSpecIsLeftUntouchedCommentsAndAll() throws {
        let original = "# The user endpoint\nmethod: GET   # verb\npath: /users/{{userId}}\nquery: { a: 1 }\n"
        let result = try roundTrip(original)
        #expect(result.text == original)
        // Only the edited line changes: the comment above, the flow-style query stay.
        let changed = try roundTrip(original) { $0.method = "HEAD" }
        #expect(changed.text == "# The user endpoint\nmethod: HEAD\npath: /users/{{userId}}\nquery: { a: 1 }\n")
    }

    @Test func aNameEqualToTheFileNameIsNotAdded() throws {
        let result = try roundTrip("method: GET\npath: /x\n") { $0.path = "/y" }
        #expect(result.text == "method: GET\npath: /y\n")
        #expect(result.reloaded.name == "s")
    }

    @Test func aFailedSaveLeavesTheOldFileAndNoTemporaryFile() throws {
        let folder = try Fixtures.demo()
        let workspace = try folder.load()
        var entry = try workspace.spec(named: "get-user")
        entry.spec.path = "/changed"
        let file = folder.url("specs/users/get-user.yaml")
        let data = Data(try SpecWriter(spec: entry.spec, defaultName: "get-user").yaml().utf8)
        #expect(throws: WorkspaceError.self) {
            try AtomicFile.write(data, to: file) { _, _ in
                errno = EACCES
                return -1
            }
        }
        #expect(try folder.read("specs/users/get-user.yaml") == Fixtures.getUser)
        #expect(try folder.contents(of: "specs/users") == ["get-user.yaml"])

        try AtomicFile.write(data, to: file)
        #expect(try folder.read("specs/users/get-user.yaml").contains("path: /changed"))
        #expect(try folder.contents(of: "specs/users") == ["get-user.yaml"])
    }

    @Test(.enabled(if: geteuid() != 0, "root ignores folder permissions"))
    func savingIntoAReadOnlyFolderFails() throws {
        let folder = try Fixtures.demo()
        let workspace = try folder.load()
        var entry = try workspace.spec(named: "get-user")
        entry.spec.path = "/changed"
        let users = folder.url("specs/users").path
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: users)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: users) }
        #expect(throws: WorkspaceError.self) { try workspace.save(entry) }
        #expect(try folder.read("specs/users/get-user.yaml") == Fixtures.getUser)
        #expect(try folder.contents(of: "specs/users") == ["get-user.yaml"])
    }

    @Test func savingANewSpecCreatesItsFolders() throws {
        let folder = try Fixtures.demo()
        let workspace = try folder.load()
        let spec = SpecDefinition(
            name: "Create order", target: "api", method: "POST", path: "/orders",
            body: .json(["qty": 2]), validFor: 600)
        try workspace.save(workspace.makeEntry(id: "orders/new/create", spec: spec))
        #expect(
            try folder.read("specs/orders/new/create.yaml") == """
                name: Create order
                target: api
                method: POST
                path: /orders
                body:
                  json:
                    qty: 2
                validFor: 600

                """)
        #expect(try folder.load().spec(named: "create").spec == spec)
    }

    @Test func writtenScalarsReadBackAsTheSameTypes() {
        for text in [
            "true", "False", "null", "~", "", "12", "-3", "1.5", "1e3", "0x1F", "yes", "off", " lead", "2024-01-01",
        ] {
            #expect(ScalarValue.needsQuotes(text), "\(text)")
        }
        for text in ["hello", "GET", "/users/{{id}}", "a b", "v1.2-beta"] {
            #expect(!ScalarValue.needsQuotes(text), "\(text)")
        }
        #expect(ScalarValue.plain("0x1F") == .int(31))
        #expect(ScalarValue.plain("1.") == .double(1))
        #expect(ScalarValue.plain(".5") == .double(0.5))
        #expect(ScalarValue.plain("1e") == .string("1e"))
        #expect(ScalarValue.plain("1_000") == .string("1_000"))
        #expect(ScalarValue.plain(".inf") == .string(".inf"))
    }
}
