import Tern

/// A Postman `auth` block: its type and parameters (v2.1 `[{key, value}]` or v2.0 `{key: value}`).
struct PostmanAuth {
    /// `bearer`, `basic`, `apikey`, `oauth2`, ...
    var type: String
    /// The parameters of that type.
    var params: [String: String]

    /// The auth that applies at a level: its own block, `nil` for `noauth`, else the inherited one.
    static func resolve(_ node: JSONNode?, inherited: PostmanAuth?) -> PostmanAuth? {
        guard let node, let type = node.text("type"), type != "inherit" else { return inherited }
        if type == "noauth" { return nil }
        var params: [String: String] = [:]
        if let block = node[type] {
            if let entries = block.elements {
                for entry in entries {
                    if let key = entry.text("key") { params[key] = entry.text("value") ?? "" }
                }
            } else if case .object(let members) = block.value {
                for (key, value) in members { params[key] = value.scalarText ?? "" }
            }
        }
        return PostmanAuth(type: type, params: params)
    }
}
