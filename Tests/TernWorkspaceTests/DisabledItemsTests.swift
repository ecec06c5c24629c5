import Foundation
import HTTPTypes
import Tern
import Testing

@testable import TernWorkspace

/// `disabled:` keeps headers and query parameters in the file without sending them.
@Suite struct DisabledItemsTests {
    private let spec = """
        target: api
        method: GET
        path: /users
        query:
          page: 2
          debug: "on"
        headers:
          X-Trace: abc
          X-Debug: "1"
        disabled:
          headers: [x-debug, X-Client]
          query: [debug]
        """

    @Test func disabledItemsAreReadAndLeftOutOfTheRequest() throws {
        let folder = try Fixtures.demo(["specs/s.yaml": spec])
        let workspace = try folder.load()
        let entry = try workspace.spec(named: "s")
        #expect(entry.spec.disabled == DisabledItems(headers: ["x-debug", "X-Client"], query: ["debug"]))
        #expect(entry.spec.headers.count == 2)
        let request = try workspace.request(for: entry, context: TemplateContext(processEnvironment: [:]))
        #expect(request.url.query == "page=2")
        #expect(request.headers[HTTPField.Name("X-Trace")!] == "abc")
        #expect(request.headers[HTTPField.Name("X-Debug")!] == nil)
        #expect(request.headers[HTTPField.Name("X-Client")!] == nil, "a disabled name also drops the target header")
        #expect(request.headers[HTTPField.Name("Accept")!] == "application/json")
    }

    @Test func disabledItemsRoundTripThroughSave() throws {
        let folder = try Fixtures.demo(["specs/s.yaml": spec])
        var entry = try folder.load().spec(named: "s")
        entry.spec.disabled.query = []
        entry.spec.disabled.headers.append("X-Trace")
        try folder.load().save(entry)
        let reloaded = try folder.load().spec(named: "s")
        #expect(reloaded.spec.disabled == DisabledItems(headers: ["x-debug", "X-Client", "X-Trace"]))
        let text = try folder.read("specs/s.yaml")
        #expect(text.contains("disabled:\n  headers:\n"))
        #expect(!text.contains("query:\n  - debug"))
    }

    @Test func aMalformedDisabledListNamesItsPlace() throws {
        let folder = try Fixtures.demo(["specs/s.yaml": "method: GET\npath: /x\ndisabled:\n  headers: X-A\n"])
        #expect {
            try folder.load()
        } throws: { error in
            let text = "\(error)"
            return text.contains("s.yaml:4:") && text.contains("disabled.headers")
        }
    }
}
