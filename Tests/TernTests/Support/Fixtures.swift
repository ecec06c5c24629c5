import Foundation
import HTTPTypes
import Tern

/// A Moya/Lynn-style target group used across tests.
enum UserAPI: TargetGroup {
    case user(id: Int)
    case search(tags: [String])
    case create(name: String)

    var baseURL: String { "http://127.0.0.1:1" }

    var path: String {
        switch self {
        case .user(let id): "/users/\(id)"
        case .search: "/users"
        case .create: "/users"
        }
    }

    var task: TargetTask {
        switch self {
        case .user: TargetTask(method: .get, parameters: ["verbose": true])
        case .search(let tags):
            TargetTask(method: .get, parameters: ["tags": .array(tags.map { .string($0) })], arrayEncoding: .comma)
        case .create(let name): TargetTask(method: .post, body: .json(["name": .string(name)]))
        }
    }

    var headers: [String: String]? { ["X-Client": "tests"] }

    var storageKey: String? {
        switch self {
        case .user(let id): "user-\(id)"
        default: nil
        }
    }

    var sampleData: Data? { Data(#"{"id":0,"name":"Sample"}"#.utf8) }
}

/// A user as the mock server returns it.
struct User: Codable, Sendable, Equatable {
    var id: Int
    var name: String
    var email: String?
}

/// A JustNetworking-style router with no base URL of its own.
enum UserRouter: Router {
    case user(id: String)
    case echo

    var route: Route {
        switch self {
        case .user(let id): Route(path: "/users/\(id)", method: .get)
        case .echo: Route(path: "/echo", method: .post)
        }
    }
}
