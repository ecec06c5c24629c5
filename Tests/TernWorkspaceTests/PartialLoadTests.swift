import Foundation
import Testing

@testable import TernWorkspace

/// `tern send NAME` reads only the spec files NAME needs; the workspace it gets answers every question
/// about NAME as the whole workspace would.
@Suite struct PartialLoadTests {
    /// The demo fixture plus: `auth/login`, `users/whoami` (requires login), `users/audit` (requires whoami),
    /// an unrelated `misc/ping`, and a broken `misc/bad`.
    private func workspace() throws -> TemporaryWorkspace {
        try Fixtures.demo([
            "specs/auth/login.yaml": "method: POST\npath: /login\n",
            "specs/users/whoami.yaml": "method: GET\npath: /whoami\nrequires: [login]\n",
            "specs/users/audit.yaml": "method: GET\npath: /audit\nrequires: [users/whoami]\n",
            "specs/misc/ping.yaml": "method: GET\npath: /ping\n",
            "specs/misc/bad.yaml": "method: GET\npath: [unclosed\n",
        ])
    }

    @Test func theNamedSpecWhatItRequiresAndWhatMayRequireItAreRead() throws {
        let loaded = try workspace().load(keepingBrokenSpecs: true, specsFor: ["whoami"])
        #expect(loaded.isPartial)
        #expect(loaded.specIDs == ["auth/login", "users/audit", "users/whoami"])
        #expect(loaded.brokenSpecs.isEmpty)  // misc/bad was never read
        #expect(try loaded.spec(named: "whoami").spec.requires.map(\.spec) == ["login"])
    }

    @Test func aNameMatchingNoFileReadsEverythingForTheSuggestions() throws {
        let loaded = try workspace().load(keepingBrokenSpecs: true, specsFor: ["whoamii"])
        #expect(!loaded.isPartial)
        #expect(loaded.specIDs.count == 5)
        #expect(loaded.brokenSpecs.map(\.id) == ["misc/bad"])
        let error = #expect(throws: WorkspaceError.self) { try loaded.spec(named: "whoamii") }
        #expect(error?.suggestions.contains("users/whoami") == true, "\(String(describing: error))")
    }

    @Test func anAmbiguousFileNameStaysAnAmbiguity() throws {
        let folder = try Fixtures.demo([
            "specs/a/get.yaml": "method: GET\npath: /a\n", "specs/b/get.yaml": "method: GET\npath: /b\n",
        ])
        let loaded = try folder.load(keepingBrokenSpecs: true, specsFor: ["get"])
        // Both files named get.yaml are read (and users/get-user, whose "target:" mentions "get").
        #expect(Set(["a/get", "b/get"]).isSubset(of: loaded.specIDs))
        let error = #expect(throws: WorkspaceError.self) { try loaded.spec(named: "get") }
        #expect(error?.kind == .ambiguousSpec)
    }

    @Test func theNamedBrokenSpecStillReportsItsOwnError() throws {
        let loaded = try workspace().load(keepingBrokenSpecs: true, specsFor: ["misc/bad"])
        #expect(loaded.specIDs.isEmpty)
        let error = #expect(throws: WorkspaceError.self) { try loaded.spec(named: "bad") }
        #expect(error?.kind == .syntax)
    }

    @Test func aRequirementMatchingNoFileReadsEverything() throws {
        let folder = try Fixtures.demo(["specs/lost.yaml": "method: GET\npath: /x\nrequires: [nowhere]\n"])
        let loaded = try folder.load(keepingBrokenSpecs: true, specsFor: ["lost"])
        #expect(!loaded.isPartial)
        #expect(loaded.specIDs == ["lost", "users/get-user"])
    }
}
