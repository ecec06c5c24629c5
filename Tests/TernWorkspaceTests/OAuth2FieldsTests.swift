import Foundation
import Tern
import Testing

@testable import TernWorkspace

/// `auth: {type: oauth2, ...}`: reading, errors with their places, lowering and writing back.
@Suite struct OAuth2FieldsTests {
    private let context = TemplateContext(processEnvironment: ["CLIENT_SECRET": "s3cret"])

    private func load(_ spec: String) throws -> Workspace {
        try Fixtures.demo(["specs/s.yaml": "method: GET\npath: /x\n" + spec]).load()
    }

    private func loadError(_ spec: String) -> WorkspaceError? {
        do {
            _ = try load(spec)
            return nil
        } catch let error as WorkspaceError {
            return error
        } catch {
            return nil
        }
    }

    @Test func everyGrantReadsAndLowers() throws {
        let workspace = try load(
            """
            auth:
              type: oauth2
              grant: client_credentials
              tokenURL: "https://id.example/oauth/token"
              clientId: tern
              clientSecret: "{{env:CLIENT_SECRET}}"
              scope: read write
              clientAuth: body
              audience: https://api.example

            """)
        let request = try workspace.request(for: workspace.spec(named: "s"), context: context)
        guard case .oauth2(let configuration) = request.authentication else {
            Issue.record("not oauth2: \(String(describing: request.authentication))")
            return
        }
        #expect(configuration.grant == .clientCredentials)
        #expect(configuration.tokenURL.absoluteString == "https://id.example/oauth/token")
        #expect(configuration.clientID == "tern" && configuration.clientSecret == "s3cret")
        #expect(configuration.scope == "read write" && configuration.clientAuthentication == .body)
        #expect(configuration.extraParameters == ["audience": "https://api.example"])
        // The secret is one of the values never written down, and the masked description hides it.
        #expect(request.authentication?.secretValues == ["s3cret"])
        #expect(request.authentication?.maskedDescription.contains("s3cret") == false)

        let device = try load(
            "auth: {type: oauth2, grant: device_code, tokenURL: 'https://id.example/t', clientId: c, "
                + "deviceAuthorizationURL: 'https://id.example/d', redirectPort: '8123'}\n")
        let lowered = try device.request(for: device.spec(named: "s"), context: context)
        guard case .oauth2(let deviceConfiguration) = lowered.authentication else {
            Issue.record("not oauth2")
            return
        }
        #expect(deviceConfiguration.deviceAuthorizationURL?.absoluteString == "https://id.example/d")
        #expect(deviceConfiguration.redirectPort == 8123 && deviceConfiguration.clientSecret == nil)
    }

    @Test func eachGrantNeedsItsOwnFieldAndAKnownName() throws {
        let missing = try #require(
            loadError("auth: {type: oauth2, grant: device_code, tokenURL: 'https://a.example/t', clientId: c}\n"))
        #expect(missing.kind == .missingField)
        #expect(missing.message.contains("needs 'deviceAuthorizationURL'"), "\(missing.message)")
        #expect(missing.line == 3)
        let typo = try #require(
            loadError("auth: {type: oauth2, grant: client_credential, tokenURL: 'https://a.example/t', clientId: c}\n"))
        #expect(typo.message.contains("did you mean 'client_credentials'?"), "\(typo.message)")
        #expect((typo.line, typo.column) == (3, 29))
        let noGrant = try #require(loadError("auth: {type: oauth2, tokenURL: 'https://a.example/t', clientId: c}\n"))
        #expect(noGrant.message.contains("missing required field 'grant'"), "\(noGrant.message)")
        let port = try #require(
            loadError(
                "auth: {type: oauth2, grant: refresh_token, refreshToken: r, tokenURL: 'https://a.example/t', "
                    + "clientId: c, redirectPort: 70000}\n"))
        #expect(port.message.contains("must be a port number"), "\(port.message)")
    }

    @Test func aTokenURLThatIsNotHTTPIsAnErrorWhenTheRequestIsMade() throws {
        let workspace = try load(
            "auth: {type: oauth2, grant: client_credentials, tokenURL: 'ftp://a.example/t', clientId: c, "
                + "clientSecret: s}\n")
        let error = #expect(throws: WorkspaceError.self) {
            try workspace.request(for: workspace.spec(named: "s"), context: context)
        }
        #expect(error?.message.contains("auth.tokenURL 'ftp://a.example/t' is not an http(s) URL") == true)
    }

    @Test func oauth2RoundTripsThroughSaving() throws {
        let folder = try Fixtures.demo(["specs/s.yaml": "method: GET\npath: /x\n"])
        var entry = try folder.load().spec(named: "s")
        let definition = OAuth2Definition(
            grant: .authorizationCode,
            fields: [
                "tokenURL": "{{base}}/token", "authorizationURL": "{{base}}/authorize", "clientId": "tern",
                "scope": "read", "redirectPort": "8123",
            ])
        entry.spec.auth = .oauth2(definition)
        try folder.load().save(entry)
        #expect(try folder.load().spec(named: "s").spec.auth == .oauth2(definition))
        let text = try folder.read("specs/s.yaml")
        #expect(text.contains("  type: oauth2\n  grant: authorization_code\n  tokenURL: '{{base}}/token'\n"), "\(text)")
    }
}
