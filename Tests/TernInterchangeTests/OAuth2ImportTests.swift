import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

/// Postman and Insomnia OAuth 2.0 settings become `oauth2` blocks Tern runs; grants it does not run keep the
/// old bearer fallback.
@Suite("OAuth 2.0 auth import")
struct OAuth2ImportTests {
    typealias Support = PostmanFixtureSupport

    static func collection(_ oauth2: String) -> String {
        #"""
        {"info": {"name": "IdP", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "item": [{"name": "Me", "request": {"method": "GET", "url": "https://api.example.com/me",
           "auth": {"type": "oauth2", "oauth2": \#(oauth2)}}}]}
        """#
    }

    @Test("Postman client credentials and PKCE: the grant, endpoints and scope kept, the secret moved to {{secret:}}")
    func postman() throws {
        let credentials = try PostmanImporter.read(
            Support.source(
                Self.collection(
                    #"""
                    [{"key": "grant_type", "value": "client_credentials"},
                     {"key": "accessTokenUrl", "value": "https://id.example.com/oauth/token"},
                     {"key": "clientId", "value": "reports"}, {"key": "clientSecret", "value": "sup3r-secret"},
                     {"key": "scope", "value": "reports:read"}, {"key": "client_authentication", "value": "body"},
                     {"key": "tokenName", "value": "t"}]
                    """#)))
        let spec = try Support.spec("Me", in: credentials).spec
        guard case .oauth2(let definition)? = spec.auth else {
            Issue.record("not an oauth2 block: \(String(describing: spec.auth))")
            return
        }
        #expect(definition.grant == .clientCredentials)
        #expect(definition.fields["tokenURL"] == "https://id.example.com/oauth/token")
        #expect(definition.fields["clientId"] == "reports" && definition.fields["scope"] == "reports:read")
        #expect(definition.fields["clientAuth"] == "body")
        #expect(definition.fields["clientSecret"]?.hasPrefix("{{secret:") == true)
        #expect(!Support.writtenText(credentials).contains("sup3r-secret"))

        let pkce = try PostmanImporter.read(
            Support.source(
                Self.collection(
                    #"""
                    [{"key": "grant_type", "value": "authorization_code_with_pkce"},
                     {"key": "authUrl", "value": "https://id.example.com/authorize"},
                     {"key": "accessTokenUrl", "value": "https://id.example.com/oauth/token"},
                     {"key": "clientId", "value": "cli"}]
                    """#)))
        guard case .oauth2(let code)? = try Support.spec("Me", in: pkce).spec.auth else {
            Issue.record("not an oauth2 block")
            return
        }
        #expect(code.grant == .authorizationCode)
        #expect(code.fields["authorizationURL"] == "https://id.example.com/authorize")
    }

    @Test("a grant Tern does not run (implicit) keeps its access token as a bearer token, with a warning")
    func implicitFallsBack() throws {
        let implicit = try PostmanImporter.read(
            Support.source(
                Self.collection(
                    #"""
                    [{"key": "grant_type", "value": "implicit"}, {"key": "accessToken", "value": "tok-123"},
                     {"key": "authUrl", "value": "https://id.example.com/authorize"}]
                    """#)))
        let spec = try Support.spec("Me", in: implicit).spec
        #expect(spec.auth == nil)
        #expect(Support.header("Authorization", spec)?.hasPrefix("Bearer {{secret:") == true)
        #expect(implicit.warnings.contains { $0.contains("not one Tern runs") })
    }
}
