import Foundation
import HTTPTypes
import Tern
import Testing

@testable import TernWorkspace

/// `auth:` on targets and specs: reading, errors, writing and lowering.
@Suite struct AuthFieldsTests {
    private let context = TemplateContext(processEnvironment: ["ALICE_PASSWORD": "pa55word", "TOKEN": "t0k3n"])

    private func manifest(targetAuth: String) -> String {
        Fixtures.manifest + "\n    auth: " + targetAuth + "\n"
    }

    private func request(spec: String, manifest: String = Fixtures.manifest) throws -> Request {
        let folder = try Fixtures.demo(["workspace.yaml": manifest, "specs/s.yaml": spec])
        let workspace = try folder.load()
        return try workspace.request(for: workspace.spec(named: "s"), context: context)
    }

    private func loadError(spec: String, manifest: String = Fixtures.manifest) throws -> WorkspaceError? {
        let folder = try Fixtures.demo(["workspace.yaml": manifest, "specs/s.yaml": spec])
        do {
            _ = try folder.load()
            return nil
        } catch {
            return error
        }
    }

    @Test func everyTypeReadsAndLowers() throws {
        let cases: [(String, RequestAuthentication)] = [
            (
                #"{type: basic, username: alice, password: "{{env:ALICE_PASSWORD}}"}"#,
                .basic(username: "alice", password: "pa55word")
            ),
            (#"{type: bearer, token: "{{env:TOKEN}}"}"#, .bearer(token: "t0k3n")),
            (
                #"{type: apiKey, name: X-API-Key, value: "{{env:TOKEN}}"}"#,
                .apiKey(name: "X-API-Key", value: "t0k3n", location: .header)
            ),
            (
                #"{type: apiKey, name: api_key, value: k, in: query}"#,
                .apiKey(name: "api_key", value: "k", location: .query)
            ),
            (#"{type: digest, username: "u{{userId}}", password: p}"#, .digest(username: "u42", password: "p")),
            (
                "{type: aws, accessKey: AK, secretKey: SK, sessionToken: ST, region: eu-west-1, service: execute-api}",
                .aws(
                    AWSCredentials(accessKeyID: "AK", secretAccessKey: "SK", sessionToken: "ST"), region: "eu-west-1",
                    service: "execute-api")
            ),
        ]
        for (yaml, expected) in cases {
            let lowered = try request(spec: "method: GET\npath: /x\nauth: \(yaml)\n")
            #expect(lowered.authentication == expected, "\(yaml)")
            // Applied at send time: the lowered request carries no credentials of its own.
            #expect(lowered.headers[.authorization] == nil)
        }
    }

    @Test func theSpecWinsOverTheTargetAndNoneTurnsItOff() throws {
        let manifest = manifest(targetAuth: #"{type: bearer, token: "{{env:TOKEN}}"}"#)
        let inherited = try request(spec: "target: api\nmethod: GET\npath: /x\n", manifest: manifest)
        #expect(inherited.authentication == .bearer(token: "t0k3n"))
        let own = try request(
            spec: "target: api\nmethod: GET\npath: /x\nauth: {type: basic, username: a, password: b}\n",
            manifest: manifest)
        #expect(own.authentication == .basic(username: "a", password: "b"))
        let off = try request(spec: "target: api\nmethod: GET\npath: /x\nauth: none\n", manifest: manifest)
        #expect(off.authentication == nil)
    }

    @Test func anUnknownTypeIsAnErrorWithASuggestion() throws {
        let error = try #require(try loadError(spec: "method: GET\npath: /x\nauth: {type: digets, username: a}\n"))
        #expect(error.kind == .invalidValue)
        #expect((error.line, error.column) == (3, 14))
        #expect(error.message.contains("did you mean 'digest'?"))
        let word = try #require(try loadError(spec: "method: GET\npath: /x\nauth: basci\n"))
        #expect(word.message.contains("did you mean 'basic'?"))
    }

    @Test func missingFieldsAreErrorsAndUnknownOnesWarnWithASuggestion() throws {
        let missing = try #require(try loadError(spec: "method: GET\npath: /x\nauth: {type: basic, username: a}\n"))
        #expect(missing.kind == .missingField)
        #expect(missing.message.contains("missing required field 'password'"))
        #expect(missing.line == 3)
        let noType = try #require(try loadError(spec: "method: GET\npath: /x\nauth: {username: a}\n"))
        #expect(noType.message.contains("'auth' needs a 'type'"))
        let folder = try Fixtures.demo([
            "specs/s.yaml": "method: GET\npath: /x\nauth: {type: bearer, token: t, tokn: u}\n"
        ])
        let warnings = try folder.load().warnings.map(\.message)
        #expect(warnings.contains { $0.contains("unknown field 'tokn' (did you mean 'token'?)") })
        let badIn = try #require(
            try loadError(spec: "method: GET\npath: /x\nauth: {type: apiKey, name: k, value: v, in: cookie}\n"))
        #expect(badIn.message.contains("'auth.in' must be one of header | query"))
        let badName = try #require(
            try loadError(spec: "method: GET\npath: /x\nauth: {type: apiKey, name: \"a b\", value: v}\n"))
        #expect(badName.message.contains("not a valid header name"))
    }

    @Test func aTemplatedValueThatFailsNamesItsPlace() throws {
        let folder = try Fixtures.demo([
            "specs/s.yaml": "method: GET\npath: /x\nauth:\n  type: bearer\n  token: \"{{nope}}\"\n"
        ])
        let workspace = try folder.load()
        let error = #expect(throws: WorkspaceError.self) {
            try workspace.request(for: workspace.spec(named: "s"), context: context)
        }
        #expect(error?.line == 5)
    }

    @Test func authRoundTripsThroughSaving() throws {
        let folder = try Fixtures.demo(["specs/s.yaml": "method: GET\npath: /x\n"])
        var entry = try folder.load().spec(named: "s")
        let all: [AuthDefinition] = [
            .none, .basic(username: "alice", password: "{{env:ALICE_PASSWORD}}"), .bearer(token: "{{env:TOKEN}}"),
            .apiKey(name: "X-Key", value: "v", location: .header), .apiKey(name: "k", value: "v", location: .query),
            .digest(username: "u", password: "true"),
            .aws(accessKey: "A", secretKey: "S", sessionToken: nil, region: "r", service: "s"),
            .aws(accessKey: "A", secretKey: "S", sessionToken: "T", region: "r", service: "s"),
        ]
        for auth in all {
            entry.spec.auth = auth
            try folder.load().save(entry)
            #expect(try folder.load().spec(named: "s").spec.auth == auth)
        }
        entry.spec.auth = .basic(username: "alice", password: "{{env:ALICE_PASSWORD}}")
        try folder.load().save(entry)
        let text = try folder.read("specs/s.yaml")
        #expect(
            text
                == "method: GET\npath: /x\nauth:\n  type: basic\n  username: alice\n"
                + "  password: '{{env:ALICE_PASSWORD}}'\n", "\(text)")
    }

    @Test func aTargetWithAuthIsWrittenAndReadBack() throws {
        let folder = try TemporaryWorkspace()
        var target = WorkspaceTarget(name: "api", baseURL: "https://a.example")
        target.auth = .digest(username: "u", password: "{{env:P}}")
        try WorkspaceFiles.create(at: folder.root, name: "W", defaultEnvironment: nil, targets: [target], comment: "c")
        #expect(try folder.load().targets["api"]?.auth == target.auth)
    }
}
