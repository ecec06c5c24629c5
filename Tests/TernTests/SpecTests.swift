import Foundation
import HTTPTypes
import TernHTTPClient
import TernTesting
import Testing

@testable import Tern

/// The error body the API uses for expected failures.
struct APIError: Error, Decodable, Equatable {
    var message: String
    var code: Int
}

/// A Dyson-style spec with a typed result and a typed error.
struct GetUser: Spec {
    typealias Result = User
    typealias Error = APIError
    let parameter: Int
    var path: String { "/users/\(parameter)" }
    var method: HTTPMethod { .get }
}

/// A spec that posts its parameter as JSON and maps the reply with a custom mapper.
struct CreateUser: Spec {
    struct Parameter: Encodable, Sendable { var name: String }
    typealias Result = String
    let parameter: Parameter
    var path: String { "/users" }
    var method: HTTPMethod { .post }
    var encoding: RequestEncoding { .body(parameter) }
    var result: Mapper<String> { Mapper { data in try JSONDecoder().decode(User.self, from: data).name.uppercased() } }
}

@Suite("Specs with typed results and errors")
struct SpecTests {
    let routes = [
        MockRoute(
            method: "GET", path: "/users/42",
            response: .json(#"{"message":"user is archived","code":7}"#, status: 422)),
        MockRoute(method: "GET", path: "/users/500", response: .json("not json", status: 500)),
    ]

    @Test("a 2xx maps to the Result")
    func success() async throws {
        try await withMockServer(routes: routes) { server in
            let user = try await liveHandler(server).data(GetUser(parameter: 1))
            #expect(user.name == "Ada Lovelace")
        }
    }

    @Test("an expected error body is thrown as the spec's typed Error")
    func typedError() async throws {
        try await withMockServer(routes: routes) { server in
            let handler = liveHandler(server)
            await #expect(throws: APIError(message: "user is archived", code: 7)) {
                try await handler.data(GetUser(parameter: 42))
            }
            let result = try await handler.result(GetUser(parameter: 42))
            #expect(result == .failure(APIError(message: "user is archived", code: 7)))
        }
    }

    @Test("an error body that does not map is a TernError with the response")
    func unmappedError() async throws {
        try await withMockServer(routes: routes) { server in
            let error = await #expect(throws: TernError.self) {
                try await liveHandler(server, retryPolicy: .never).result(GetUser(parameter: 500))
            }
            #expect(error?.kind == .unacceptableStatus)
            #expect(error?.response?.statusCode == 500)
        }
    }

    @Test("a body-encoded parameter and a custom mapper")
    func bodyAndMapper() async throws {
        try await withMockServer { server in
            let name = try await liveHandler(server).data(CreateUser(parameter: .init(name: "Grace")))
            #expect(name == "GRACE")
        }
    }
}
