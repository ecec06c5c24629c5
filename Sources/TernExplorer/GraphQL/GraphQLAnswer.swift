package import Foundation
import HTTPTypes
package import Tern

/// What a GraphQL answer (`{"data": …, "errors": [...]}`) says beside its data.
package enum GraphQLAnswer {
    /// How many results `response` had when it is a GraphQL subscription's answer over graphql-transport-ws
    /// (its body the results' summary, `{"messages", "count", "complete", "errors"}`, which a face shows as
    /// results rather than as protocol), else `nil`.
    package static func subscriptionResults(of response: Response) -> Int? {
        guard response.conversation != nil,
            response.headers[.secWebSocketProtocol] == GraphQLSubscription.subprotocol
        else { return nil }
        guard case .object(let summary)? = try? JSONDecoder().decode(JSONValue.self, from: response.body),
            case .int(let count)? = summary["count"]
        else { return 0 }
        return count
    }

    /// The messages of the answer's `errors` (empty when it has none), or `nil` when `body` is not a JSON object.
    package static func errors(in body: Data) -> [String]? {
        guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: body) else { return nil }
        guard case .array(let errors)? = object["errors"] else { return [] }
        return errors.map { error in
            if case .object(let fields) = error, case .string(let message)? = fields["message"] { return message }
            return "an error without a message"
        }
    }
}
