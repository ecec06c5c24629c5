package import Foundation
import Tern

/// What a GraphQL answer (`{"data": …, "errors": [...]}`) says beside its data.
package enum GraphQLAnswer {
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
