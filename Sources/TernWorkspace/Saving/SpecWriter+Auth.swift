import Tern
import Yams

extension SpecWriter {
    /// `auth:` as the reader takes it: `none`, or a block mapping with `type` first.
    static func auth(_ auth: AuthDefinition) -> Node {
        guard auth != .none else { return Node("none") }
        var fields: [(String, Node)] = [("type", string(auth.type))]
        for (field, value) in auth.values {
            // `in: header` is the default: written only for query.
            if field == "in", value == RequestAuthentication.APIKeyLocation.header.rawValue { continue }
            fields.append((field, string(value)))
        }
        return mapping(fields)
    }
}
