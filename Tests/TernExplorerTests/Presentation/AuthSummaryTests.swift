import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernExplorer

/// What the TUI's request editor says about a spec's `auth:`.
@Suite struct AuthSummaryTests {
    @Test func theSummaryNamesTheSchemeAndWhereItComesFrom() {
        #expect(SpecDetail.authSummary(nil, inherited: nil) == nil)
        #expect(SpecDetail.authSummary(AuthDefinition.none, inherited: .bearer(token: "t")) == nil)
        #expect(SpecDetail.authSummary(nil, inherited: .bearer(token: "t")) == "bearer (target)")
        #expect(
            SpecDetail.authSummary(.basic(username: "{{user}}", password: "p"), inherited: nil) == "basic {{user}}"
        )
        #expect(
            SpecDetail.authSummary(.apiKey(name: "X-Key", value: "v", location: .query), inherited: nil)
                == "apiKey X-Key in query")
        #expect(
            SpecDetail.authSummary(
                .aws(accessKey: "A", secretKey: "S", sessionToken: nil, region: "eu-west-1", service: "s3"),
                inherited: nil) == "aws eu-west-1/s3")
    }
}
