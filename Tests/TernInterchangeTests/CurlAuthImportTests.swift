import Foundation
import TernWorkspace
import Testing

@testable import TernInterchange

/// curl's own authentication options (`-u`, `--digest`, `--aws-sigv4`, `--oauth2-bearer`) as `auth:` blocks.
/// The command lines are the examples of curl's manual.
@Suite("curl import: auth blocks")
struct CurlAuthImportTests {
    private func read(_ text: String) throws -> ImportedCollection {
        let folder = FileManager.default.temporaryDirectory
        return try CurlImporter.read(
            ImportSource(data: Data(text.utf8), name: "cmd.sh", baseDirectory: folder, workspaceRoot: folder))
    }

    private func auth(_ text: String) throws -> AuthDefinition? {
        try #require(try read(text).specs.first).spec.auth
    }

    @Test("-u and --user are a basic block; the password moves to the secret store, the user stays")
    func basic() throws {
        let collection = try read("curl -u name:password https://example.com")
        let spec = try #require(collection.specs.first).spec
        #expect(spec.auth == .basic(username: "name", password: "{{secret:PASSWORD}}"))
        #expect(spec.headers.isEmpty)
        #expect(
            collection.secrets == [
                ImportedSecret(name: "PASSWORD", value: "password", item: collection.secrets.first?.item ?? "")
            ])
        #expect(
            try auth("curl --user 'daniel:secret' --basic https://example.com")
                == .basic(username: "daniel", password: "{{secret:PASSWORD}}"))
        #expect(
            try auth("curl https://user:pass@example.com/") == .basic(username: "user", password: "{{secret:PASSWORD}}")
        )
    }

    @Test("-u without a password: the user alone, with a warning that curl would ask")
    func userOnly() throws {
        let collection = try read("curl -u fred https://example.com")
        #expect(collection.specs.first?.spec.auth == .basic(username: "fred", password: ""))
        #expect(collection.warnings.contains { $0.contains("makes curl ask for one") })
    }

    @Test("--digest makes -u a digest block")
    func digest() throws {
        #expect(
            try auth("curl --digest -u fred:fred https://example.com")
                == .digest(username: "fred", password: "{{secret:PASSWORD}}"))
    }

    @Test("--oauth2-bearer is a bearer block, the token in the secret store")
    func bearer() throws {
        let collection = try read(#"curl --oauth2-bearer "mF_9.B5f-4.1JqM" https://example.com"#)
        #expect(collection.specs.first?.spec.auth == .bearer(token: "{{secret:TOKEN}}"))
        #expect(collection.specs.first?.spec.headers.isEmpty == true)
        #expect(!collection.warnings.joined().contains("mF_9"))
    }

    @Test("--aws-sigv4 with -u KEY:SECRET is an aws block with curl's region and service")
    func aws() throws {
        let collection = try read(#"curl --aws-sigv4 "aws:amz:us-east-2:es" --user "key:secret" https://example.com"#)
        #expect(
            collection.specs.first?.spec.auth
                == .aws(
                    accessKey: "{{secret:AWS_ACCESS_KEY_ID}}", secretKey: "{{secret:AWS_SECRET_ACCESS_KEY}}",
                    sessionToken: nil, region: "us-east-2", service: "es"))
        for name in ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"] {
            #expect(collection.secrets.contains { $0.name == name && $0.value != nil })
        }
        #expect(!collection.warnings.joined().contains("secret\""))
    }

    @Test("--aws-sigv4 without region and service takes them from the host, as curl does")
    func awsFromHost() throws {
        let derived = try auth(
            "curl --aws-sigv4 aws:amz -u AK:SK -H 'X-Amz-Security-Token: tok' https://sqs.eu-west-1.amazonaws.com/q")
        #expect(
            derived
                == .aws(
                    accessKey: "{{secret:AWS_ACCESS_KEY_ID}}", secretKey: "{{secret:AWS_SECRET_ACCESS_KEY}}",
                    sessionToken: "{{secret:AWS_SESSION_TOKEN}}", region: "eu-west-1", service: "sqs"))
        let collection = try read(
            "curl --aws-sigv4 aws:amz:us-west-2 -u AK:SK -H 'X-Amz-Security-Token: t' https://s3.x.y/")
        let spec = try #require(collection.specs.first).spec
        guard case .aws(_, _, _, let region, let service) = spec.auth else {
            Issue.record("not aws: \(String(describing: spec.auth))")
            return
        }
        #expect(region == "us-west-2" && service == "s3")
        #expect(spec.headers.isEmpty, "the session token is the block's, not a header")
    }

    @Test("--aws-sigv4 that curl cannot sign either, or for another provider, is a warning")
    func awsNotImported() throws {
        let bare = try read("curl --aws-sigv4 aws:amz -u AK:SK http://localhost:8080/")
        #expect(bare.specs.first?.spec.auth == nil)
        #expect(bare.warnings.contains { $0.contains("names no region or service") })
        let other = try read("curl --aws-sigv4 osc:osc:eu-west-2:api -u AK:SK https://api.example.com/")
        #expect(other.specs.first?.spec.auth == nil)
        #expect(other.warnings.contains { $0.contains("another provider") })
        let noUser = try read("curl --aws-sigv4 aws:amz:us-east-1:s3 https://example.com/")
        #expect(noUser.warnings.contains { $0.contains("without -u") })
    }

    @Test("a -H Authorization wins over -u and --oauth2-bearer, as it does in curl")
    func explicitHeaderWins() throws {
        let spec = try #require(
            try read("curl -u a:b --oauth2-bearer T -H 'Authorization: Custom x' https://h/").specs.first
        ).spec
        #expect(spec.auth == nil)
        #expect(spec.headers.first { $0.name == "Authorization" }?.value == "Custom {{secret:CUSTOM_AUTH}}")
    }
}
