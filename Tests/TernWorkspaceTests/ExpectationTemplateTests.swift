import Foundation
import Tern
import Testing

@testable import TernWorkspace

extension SpecReader {
    fileprivate func readAgain(_ text: String) throws -> SpecDefinition {
        var reader = self
        return try reader.read(text: text, defaultName: "p")
    }
}

/// `{{…}}` in `expect:`: a data file's columns (or any variable) as expected values, rendered when the
/// answer is checked.
@Suite("Templated expectations")
struct ExpectationTemplateTests {
    static let spec = """
        method: GET
        path: /users/{{userId}}
        expect:
          status: "{{status}}"
          headers:
            X-User: "{{name}}"
          json:
            $.id: "{{userId}}"
            $.name: "{{name}}"
            $.label: "user {{userId}}"
            $.tags: {contains: "{{tag}}"}
          body: {matches: "{{name}}"}
        """

    private func entry(_ overrides: [String: String]) throws -> [ResponseExpectation] {
        let folder = try Fixtures.demo(["specs/users/checked.yaml": Self.spec])
        let workspace = try folder.load()
        let entry = try workspace.spec(named: "checked")
        return try workspace.expectations(
            for: entry, context: TemplateContext(overrides: overrides, processEnvironment: [:]))
    }

    @Test("strings render; a value that is one reference takes the type it reads as; the status parses")
    func renders() throws {
        let values = ["status": "404", "name": "Ada", "userId": "7", "tag": "math"]
        let rendered = try entry(values)
        #expect(rendered.first == .status(.exactly(404)))
        #expect(rendered.contains(.header("X-User", .equals("Ada"))))
        #expect(rendered.contains(.json("$.id", .equals(.int(7)))))
        #expect(rendered.contains(.json("$.name", .equals(.string("Ada")))))
        #expect(rendered.contains(.json("$.label", .equals(.string("user 7")))))
        #expect(rendered.contains(.json("$.tags", .contains(.string("math")))))
        #expect(rendered.contains(.body(.matches("Ada"))))
        #expect(try entry(values.merging(["status": "2xx"]) { $1 }).first == .status(.inClass(2)))
        #expect(try entry(values.merging(["status": "200, 201"]) { $1 }).first == .status(.oneOf([200, 201])))
    }

    @Test("a status that renders to no status, and an undefined variable, are errors naming the file")
    func errors() throws {
        let values = ["status": "teapot", "name": "Ada", "userId": "7", "tag": "math"]
        let bad = #expect(throws: WorkspaceError.self) { try entry(values) }
        #expect(
            bad?.description.contains("'expect.status' is 'teapot' once rendered") == true, "\(String(describing: bad))"
        )
        #expect(bad?.description.contains("checked.yaml") == true)
        let undefined = #expect(throws: WorkspaceError.self) { try entry(["status": "200"]) }
        #expect(undefined?.description.contains("undefined variable") == true, "\(String(describing: undefined))")
    }

    @Test("a templated status is kept as written when the spec is saved")
    func roundTrip() throws {
        var reader = SpecReader(file: URL(fileURLWithPath: "/ws/specs/p.yaml"))
        let spec = try reader.read(text: Self.spec, defaultName: "p")
        #expect(spec.expect.first == .status(.template("{{status}}")))
        let written = try SpecWriter(spec: spec, defaultName: "p").yaml()
        let again = try SpecReader(file: URL(fileURLWithPath: "/ws/specs/p.yaml")).readAgain(written)
        #expect(again == spec, "\(written)")
    }

    @Test("status texts parse as a code, a class or a list")
    func statusParsing() {
        #expect(StatusExpectation(parsing: "201") == .exactly(201))
        #expect(StatusExpectation(parsing: " 4XX ") == .inClass(4))
        #expect(StatusExpectation(parsing: "200,204") == .oneOf([200, 204]))
        for bad in ["", "99", "600", "2xy", "200,", "ok"] { #expect(StatusExpectation(parsing: bad) == nil, "\(bad)") }
    }
}
