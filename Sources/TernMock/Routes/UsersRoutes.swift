import Foundation
import NIOCore

/// `GET /users`, `GET /users/{id}` and `POST /users` over a fixed list of three users.
enum UsersRoutes {
    static let users: [(id: Int, name: String, email: String)] = [
        (1, "Ada Lovelace", "ada@example.com"),
        (2, "Grace Hopper", "grace@example.com"),
        (3, "Alan Turing", "alan@example.com"),
    ]

    /// The answer for `/users[/{id}]`, or `nil` when no users route matches.
    static func response(to request: MockRequest, body: ByteBuffer) -> MockResponse? {
        switch (request.segments.count, request.method) {
        case (1, "GET"), (1, "HEAD"):
            return .json(.array(users.map(json)))
        case (1, "POST"):
            return create(from: body)
        case (2, "GET"), (2, "HEAD"):
            guard let id = Int(request.segments[1]), let user = users.first(where: { $0.id == id }) else {
                return .json(.object([("error", .string("not found"))]), status: 404)
            }
            return .json(json(user))
        default:
            return nil
        }
    }

    private static func json(_ user: (id: Int, name: String, email: String)) -> MockJSONValue {
        .object([("id", .int(user.id)), ("name", .string(user.name)), ("email", .string(user.email))])
    }

    /// Echoes the posted JSON object with `"id":4` added; anything else is 400.
    private static func create(from body: ByteBuffer) -> MockResponse {
        let invalid = MockResponse.json(.object([("error", .string("invalid JSON"))]), status: 400)
        guard
            let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)),
            var fields = object as? [String: Any]
        else { return invalid }
        fields["id"] = 4
        guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else {
            return invalid
        }
        var response = MockResponse.json("", status: 201)
        response.body = data
        return response
    }
}
