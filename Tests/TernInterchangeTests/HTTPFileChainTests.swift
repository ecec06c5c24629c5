import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

/// The chains of `.http` files (request variables, handler variables, assertions) become `capture:`,
/// `requires:` and `expect:`; what does not map is kept as a note and reported with its line.
@Suite(".http chains")
struct HTTPFileChainTests {
    private func plan(_ text: String) throws -> (ImportedCollection, ImportPlan) {
        try planHTTPFile(text)
    }

    private func item(_ id: String, in plan: ImportPlan) throws -> SpecDefinition {
        try #require(plan.items.first { $0.id == id }, "\(plan.items.map(\.id))").spec
    }

    @Test("REST Client request variables: a capture on the named request, a requires: on the one that reads it")
    func requestVariables() throws {
        let (collection, plan) = try plan(
            """
            # @name login
            POST https://h.example/login
            Content-Type: application/json

            {"user": "ada"}

            ###
            # @name me
            GET https://h.example/me?trace={{login.response.headers.X-Request-Id}}
            Authorization: Bearer {{login.response.body.$.token}}
            Cookie: sid={{login.response.cookies.sid.value}}
            X-Name: {{login.response.body.user.name}}
            """)
        #expect(collection.warnings.isEmpty, "\(collection.warnings)")
        let login = try item("api/login", in: plan)
        #expect(
            login.capture == [
                CaptureRule(name: "login_X_Request_Id", source: .header("X-Request-Id")),
                CaptureRule(name: "login_token", source: .json("$.token")),
                CaptureRule(name: "login_sid", source: .cookie("sid")),
                CaptureRule(name: "login_name", source: .json("$.user.name")),
            ])
        let me = try item("api/me", in: plan)
        #expect(me.requires == [SpecDependency(spec: "api/login")])
        #expect(me.headers.first { $0.name == "Authorization" }?.value == "Bearer {{login_token}}")
        #expect(
            me.query.first?.value == .string("{{login_X_Request_Id}}") || me.path.contains("={{login_X_Request_Id}}"),
            "\(me.path) \(me.query)")
        #expect(plan.report.skipped.isEmpty, "the specs load: \(plan.report.skipped)")
    }

    @Test("JetBrains handlers: client.global.set is a capture, client.assert an expectation, {{var}} a requires:")
    func handlers() throws {
        let (collection, plan) = try plan(
            """
            ### Log in
            POST https://h.example/login

            > {%
                client.global.set("auth", response.body.token);
                client.global.set("rid", response.headers.valueOf("X-Request-Id"));
                client.test("Request executed successfully", function() {
                    client.assert(response.status === 200, "Response status is not 200");
                });
            %}

            ### Me
            GET https://h.example/me
            Authorization: Bearer {{auth}}

            > {% client.assert(response.body.name == "ada", "the name") %}
            """)
        #expect(collection.warnings.isEmpty, "\(collection.warnings)")
        let login = try item("api/log-in", in: plan)
        #expect(
            login.capture == [
                CaptureRule(name: "auth", source: .json("$.token")),
                CaptureRule(name: "rid", source: .header("X-Request-Id")),
            ])
        #expect(login.expect == [.status(.exactly(200))])
        #expect(login.notes == nil, "a handler that maps whole leaves no note")
        let me = try item("api/me", in: plan)
        #expect(me.requires == [SpecDependency(spec: "api/log-in")])
        #expect(me.expect == [.json("$.name", .equals(.string("ada")))])
    }

    @Test("httpyac ?? assertions are expectations; one Tern does not check is a note and a warning with its line")
    func assertions() throws {
        let (collection, plan) = try plan(
            """
            GET https://h.example/json

            ?? status == 200
            ?? header content-type includes json
            ?? js response.parsedBody.slideshow.slides[0].title == Wake up
            ?? duration < 500
            ?? xpath /slideshow/@title == Sample
            """)
        let spec = try #require(plan.items.first).spec
        #expect(
            spec.expect == [
                .status(.exactly(200)), .header("content-type", .contains("json")),
                .json("$.slideshow.slides[0].title", .equals(.string("Wake up"))), .durationUnder(0.5),
            ])
        #expect(spec.body == nil, "assertions are not a body")
        #expect(spec.notes?.contains("?? xpath /slideshow/@title == Sample") == true)
        #expect(
            collection.warnings == [
                "line 7: the assertion '?? xpath /slideshow/@title == Sample' is not one Tern checks (kept in the "
                    + "spec's notes)"
            ])
    }

    @Test("a reference Tern cannot capture (the request's own values, XPath) is reported with its line and kept")
    func unmapped() throws {
        let (collection, plan) = try plan(
            """
            # @name one
            GET https://h.example/one
            Accept: text/xml

            ###
            GET https://h.example/two
            X-Accept: {{one.request.headers.Accept}}
            X-Id: {{one.response.body.//reply[1]/@id}}
            """)
        let warnings = collection.warnings.joined(separator: "\n")
        #expect(warnings.contains("line 7: {{one.request.headers.Accept}} is not a value Tern captures"), "\(warnings)")
        #expect(warnings.contains("line 8: {{one.response.body.//reply[1]/@id}} is not a value Tern captures"))
        let two = try #require(plan.items.last).spec
        #expect(two.notes?.contains("X-Accept: {{one.request.headers.Accept}}") == true)
        #expect(two.requires.isEmpty)
    }
}

/// `tern export http` writes captures and expectations back as the handler the tools run, in an order
/// that runs from the top, and `tern import http` reads them back.
@Suite(".http export of chains")
struct HTTPFileChainExportTests {
    @Test("captures and expectations become a handler; # @name is the spec's name; a required spec comes first")
    func handlerRoundTrip() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("http-chain-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "workspace.yaml": "name: shop\ntargets:\n  api:\n    baseURL: https://shop.example\n",
            "specs/shop/a-me.yaml":
                "target: api\nmethod: GET\npath: /me\nheaders:\n  Authorization: Bearer {{auth}}\n"
                + "requires: [shop/login]\n",
            "specs/shop/login.yaml":
                "name: Log in\ntarget: api\nmethod: POST\npath: /login\ncapture:\n  auth: $.data.token\n"
                + "  rid: {header: X-Request-Id}\n  sid: {cookie: sid}\nexpect:\n  status: 200\n"
                + "  headers:\n    Content-Type: {contains: json}\n    X-Mode: fast\n"
                + "  json:\n    $.data.ok: true\n    $.data.id: {type: integer}\n    $.data.name: {type: string}\n",
        ]
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        let workspace = try Workspace.load(from: root)
        let text = String(decoding: try HTTPFileExport.file(of: workspace, group: "shop"), as: UTF8.self)
        #expect(
            text.contains(
                """
                > {%
                    client.global.set("auth", response.body.data.token);
                    client.global.set("rid", response.headers.valueOf("X-Request-Id"));
                    client.assert(response.status === 200, "status 200");
                    client.assert(response.headers.valueOf("Content-Type").includes("json"), "Content-Type as \
                expected");
                    client.assert(response.headers.valueOf("X-Mode") === "fast", "X-Mode as expected");
                    client.assert(response.body.data.ok === true, "$.data.ok as expected");
                    client.assert(Number.isInteger(response.body.data.id), "$.data.id is an integer");
                    client.assert(typeof response.body.data.name === "string", "$.data.name is a string");
                %}
                """), "\(text)")
        #expect(text.contains("# capture sid: {cookie: sid} (Tern's; no handler says it)"), "\(text)")
        #expect(text.contains("### Log in\n# @name login\n"), "a name with a space gives the file name: \(text)")
        let login = try #require(text.range(of: "### Log in"))
        let me = try #require(text.range(of: "### a-me"))
        #expect(login.lowerBound < me.lowerBound, "the login comes first: it is required")

        let source = ImportSource(
            data: Data(text.utf8), name: root.appendingPathComponent("shop.http").path, baseDirectory: root,
            workspaceRoot: root.appendingPathComponent("again"))
        let collection = try HTTPFileImporter.read(source)
        let plan = try ImportPlan(
            collection, root: root.appendingPathComponent("again"), group: "shop", overwrite: false, origin: "test")
        let back = try #require(plan.items.first { $0.id == "shop/login" }).spec
        let original = try #require(workspace.specs.first { $0.id == "shop/login" }).spec
        #expect(back.capture == original.capture.filter { $0.name != "sid" })
        #expect(back.expect == original.expect)
        #expect(plan.items.first { $0.id == "shop/a-me" }?.spec.requires == [SpecDependency(spec: "shop/login")])
    }
}

/// An imported `.http` file keeps its order (`order:` in workspace.yaml) and its names short.
@Suite(".http file order")
struct HTTPFileOrderTests {
    @Test("the group's order: is the file's; a spec without a name is its method and path; runs follow it")
    func order() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("http-order-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let text = """
            GET https://h.example:8443/zebra?x=1

            ###
            # @name middle
            GET https://h.example:8443/m

            ### A title
            POST https://h.example:8443/animals/ant
            """
        let source = ImportSource(
            data: Data(text.utf8), name: root.appendingPathComponent("zoo.http").path, baseDirectory: root,
            workspaceRoot: root.appendingPathComponent("ws"))
        let collection = try HTTPFileImporter.read(source)
        #expect(collection.specs.map(\.spec.name) == ["GET /zebra", "middle", "A title"])
        let plan = try ImportPlan(
            collection, root: root.appendingPathComponent("ws"), group: "zoo", overwrite: false, origin: "test")
        try plan.apply()
        let workspace = try Workspace.load(from: root.appendingPathComponent("ws"))
        #expect(workspace.order == ["zoo": ["get-zebra", "middle", "a-title"]])
        let ids = workspace.specs.map(\.id).sorted { workspace.order.runsBefore($0, $1) }
        #expect(ids == ["zoo/get-zebra", "zoo/middle", "zoo/a-title"])
        // Imported again: the order is there already, nothing to add.
        let again = try ImportPlan(
            collection, root: root.appendingPathComponent("ws"), group: "zoo", overwrite: false, origin: "test")
        #expect(again.newOrder == nil && again.report.warnings.isEmpty, "\(again.report.warnings)")
    }
}
