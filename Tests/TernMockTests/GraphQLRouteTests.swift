import Foundation
import NIOHTTP1
import Testing

@testable import TernMock

@Suite("POST /graphql")
struct GraphQLRouteTests {
    private func post(_ harness: Harness, _ document: [String: Any], accept: String = "application/json")
        async throws -> Reply
    {
        let data = try JSONSerialization.data(withJSONObject: document)
        return try await harness.send(
            .POST, "/graphql", text: String(decoding: data, as: UTF8.self),
            headers: [("Content-Type", "application/json"), ("Accept", accept)])
    }

    @Test("a query with a variable answers the user's fields in the order selected, aliases included")
    func userQuery() async throws {
        try await withHarness { harness in
            let reply = try await post(
                harness,
                [
                    "query": "query User($id: ID!) { user(id: $id) { name, who: id } }", "operationName": "User",
                    "variables": ["id": "2"],
                ])
            #expect(reply.status == 200)
            #expect(reply.text == #"{"data":{"user":{"name":"Grace Hopper","who":"2"}}}"#)
        }
    }

    @Test("users, an unknown user (null), __typename and a literal argument")
    func listAndNull() async throws {
        try await withHarness { harness in
            let reply = try await post(harness, ["query": "{ users { id } nobody: user(id: 99) { id } __typename }"])
            let expected =
                #"{"data":{"users":[{"id":"1"},{"id":"2"},{"id":"3"}],"nobody":null,"#
                + #""__typename":"Query"}}"#
            #expect(reply.text == expected)
        }
    }

    @Test("an unknown field is an error: 200 with application/json, 400 with graphql-response+json")
    func errors() async throws {
        try await withHarness { harness in
            let plain = try await post(harness, ["query": "{ user(id: 1) { age } }"])
            #expect(plain.status == 200)
            #expect(plain.text.contains("Cannot query field 'age' on type 'User'"))
            let typed = try await post(
                harness, ["query": "{ user(id: 1) { age } }"], accept: "application/graphql-response+json")
            #expect(typed.status == 400)
            #expect(typed.header("Content-Type") == "application/graphql-response+json")
        }
    }

    @Test(
        "bad documents are errors, never crashes",
        arguments: [
            "", "{", "{ user(id: ) { id } }", "{}", "mutation { x }",
            "query A { users { id } } query B { users { id } }",
            "{ user { id } }", "{ user(id: $missing) { id } }", String(repeating: "{ users ", count: 40),
        ])
    func badDocuments(query: String) async throws {
        try await withHarness { harness in
            let reply = try await post(harness, ["query": query])
            #expect(reply.status == 200)
            #expect(try reply.object()["errors"] != nil)
        }
    }

    @Test("a body without a string query is 400; GET is 405")
    func notGraphQL() async throws {
        try await withHarness { harness in
            let reply = try await harness.send(.POST, "/graphql", text: "[1]")
            #expect(reply.status == 200 || reply.status == 400)
            #expect(reply.text.contains("errors"))
            #expect(try await harness.send(.GET, "/graphql").status == 405)
        }
    }
}
