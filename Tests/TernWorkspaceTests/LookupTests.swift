import Foundation
import Testing

@testable import TernWorkspace

@Suite struct LookupTests {
    private func workspace() throws -> (TemporaryWorkspace, Workspace) {
        let folder = try Fixtures.demo([
            "specs/users/list-users.yaml": "method: GET\npath: /users\n",
            "specs/admin/get-user.yaml": "method: GET\npath: /admin/users/1\n",
            "specs/orders/create-order.yaml": "method: POST\npath: /orders\n",
            "specs/health.yaml": "method: GET\npath: /health\n",
        ])
        return (folder, try folder.load())
    }

    @Test func findsASpecByID() throws {
        let (_, workspace) = try workspace()
        #expect(try workspace.spec(named: "users/get-user").id == "users/get-user")
        #expect(try workspace.spec(named: "admin/get-user").id == "admin/get-user")
        #expect(try workspace.spec(named: "specs/health.yaml").id == "health")
        #expect(
            workspace.specIDs == [
                "admin/get-user", "health", "orders/create-order", "users/get-user", "users/list-users",
            ])
    }

    @Test func findsASpecByItsUniqueFileName() throws {
        let (_, workspace) = try workspace()
        #expect(try workspace.spec(named: "create-order").id == "orders/create-order")
        #expect(try workspace.spec(named: "list-users.yaml").id == "users/list-users")
    }

    @Test func anAmbiguousFileNameListsEveryID() throws {
        let (_, workspace) = try workspace()
        #expect {
            try workspace.spec(named: "get-user")
        } throws: { error in
            guard let error = error as? WorkspaceError else { return false }
            return error.kind == .ambiguousSpec && error.suggestions == ["admin/get-user", "users/get-user"]
                && error.message == "'get-user' names 2 specs: 'admin/get-user' and 'users/get-user'; use the full id"
        }
    }

    @Test func anUnknownNameListsCloseMatches() throws {
        let (_, workspace) = try workspace()
        do {
            _ = try workspace.spec(named: "get-usr")
            Issue.record("found a spec")
        } catch {
            #expect(error.kind == .unknownSpec)
            #expect(error.suggestions == ["admin/get-user", "users/get-user"])
            #expect(
                error.message
                    == "no spec named 'get-usr' in workspace 'Demo'; did you mean 'admin/get-user' and "
                    + "'users/get-user'?"
            )
        }
        do {
            _ = try workspace.spec(named: "crea")
            Issue.record("found a spec")
        } catch {
            #expect(error.suggestions == ["orders/create-order"])
        }
        do {
            _ = try workspace.spec(named: "zzzzzz")
            Issue.record("found a spec")
        } catch {
            #expect(error.suggestions.isEmpty)
            #expect(error.message == "no spec named 'zzzzzz' in workspace 'Demo'")
        }
    }

    @Test func closeMatchesAreAtMostThree() {
        let matches = Suggestions.closeMatches(to: "user", in: ["users", "user-a", "user-b", "user-c", "orders"])
        #expect(matches.count == 3)
        #expect(Suggestions.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(Suggestions.hint(for: "methd", in: SpecReader.fieldOrder) == " (did you mean 'method'?)")
    }

    @Test func makeEntryPlacesNewSpecsUnderSpecs() throws {
        let (folder, workspace) = try workspace()
        let entry = try workspace.makeEntry(
            id: "new/deep/thing", spec: SpecDefinition(name: "Thing", method: "GET", path: "/t"))
        #expect(entry.file == folder.url("specs/new/deep/thing.yaml"))
        #expect(entry.group == ["new", "deep"])
        #expect(throws: WorkspaceError.self) { try workspace.makeEntry(id: "../escape", spec: entry.spec) }
        #expect(throws: WorkspaceError.self) { try workspace.makeEntry(id: "a//b", spec: entry.spec) }
    }
}
