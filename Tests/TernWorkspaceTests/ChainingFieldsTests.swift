import Foundation
import Tern
import Testing

@testable import TernWorkspace

@Suite("Spec files: requires, capture and expect")
struct ChainingFieldsTests {
    static let spec = """
        method: GET
        path: /auth/protected
        requires:
          - auth/login
          - {spec: auth/refresh, send: whenExpired}
        capture:
          token: $.token
          requestId: {header: X-Request-Id}
          session: {cookie: session}
          lastStatus: status
          code: {regex: 'code=(\\w+)', group: 1}
        expect:
          status: 2xx
          headers:
            Content-Type: {matches: json}
            X-Trace: {exists: true}
          json:
            $.ok: true
            $.items: {count: 3, type: array}
            $.price: {"<": 10, ">=": 1}
          body: {contains: ok}
          duration: 500ms
          timing: {totalMs: {lt: 200}, tlsMs: 50, firstByteMs: {">=": 0, lte: 100}}
          schema: {type: object, required: [ok]}

        """

    func read(_ text: String) throws -> SpecDefinition {
        var reader = SpecReader(file: URL(fileURLWithPath: "/ws/specs/p.yaml"))
        return try reader.read(text: text, defaultName: "p")
    }

    @Test("the three fields are read into their model")
    func reads() throws {
        let spec = try read(Self.spec)
        #expect(
            spec.requires == [
                SpecDependency(spec: "auth/login"), SpecDependency(spec: "auth/refresh", policy: .whenExpired),
            ])
        #expect(spec.capture.map(\.name) == ["token", "requestId", "session", "lastStatus", "code"])
        #expect(spec.capture[0].source == .json("$.token"))
        #expect(spec.capture[3].source == .status)
        #expect(spec.capture[4].source == .regex(#"code=(\w+)"#, group: 1))
        #expect(spec.expect.first == .status(.inClass(2)))
        #expect(spec.expect.contains(.json("$.items", .count(3))))
        #expect(spec.expect.contains(.json("$.price", .compare(.greaterOrEqual, 1))))
        #expect(spec.expect.contains(.durationUnder(0.5)))
        #expect(spec.expect.contains(.timing(.total, .less, 200)))
        #expect(spec.expect.contains(.timing(.tls, .less, 50)), "a bare number is a budget: under it")
        #expect(spec.expect.contains(.timing(.firstByte, .lessOrEqual, 100)))
        #expect(spec.expect.contains(.timing(.firstByte, .greaterOrEqual, 0)))
        #expect(spec.expect.contains(.body(.contains("ok"))))
    }

    @Test("written back and read again, nothing is lost")
    func roundTrip() throws {
        let spec = try read(Self.spec)
        let text = try SpecWriter(spec: spec, defaultName: "p").yaml()
        let again = try read(text)
        #expect(again == spec, "\(text)")
    }

    @Test(
        "mistakes are errors at their line and column",
        arguments: [
            ("capture:\n  token: $.[oops\n", "4:10", "is not a JSONPath"),
            ("capture:\n  token: token\n", "4:10", "must be a JSON path"),
            ("capture:\n  code: {regex: '(', group: 1}\n", "4:17", "not a valid regular expression"),
            ("capture:\n  code: {regex: 'a(b)', group: 2}\n", "4:32", "must be from 0 to 1"),
            ("requires:\n  - {spec: a, send: sometimes}\n", "4:21", "whenMissing"),
            ("expect:\n  status: 700\n", "4:11", "100 to 599"),
            ("expect:\n  json:\n    $.a: {type: text}\n", "5:17", "must be one of"),
            ("expect:\n  duration: soon\n", "4:13", "time under a day"),
            ("expect:\n  timing: {totlMs: 5}\n", "4:12", "did you mean totalMs?"),
            ("expect:\n  timing: {totalMs: -1}\n", "4:21", "from 0 to a day"),
            ("expect:\n  timing: {totalMs: {below: 5}}\n", "4:22", "one of lt, lte"),
        ])
    func errors(_ tail: String, _ position: String, _ message: String) throws {
        let error = #expect(throws: WorkspaceError.self) { _ = try read("method: GET\npath: /x\n" + tail) }
        let text = error?.description ?? ""
        #expect(text.contains("p.yaml:\(position)"), "\(text)")
        #expect(text.contains(message), "\(text)")
    }
}
