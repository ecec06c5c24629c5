import HTTPTypes
import Tern
import Yams

extension NodeReader {
    /// The `oauth2` block's grant and fields: the grant's own field is required, `clientAuth` is basic or
    /// body and `redirectPort` a port (unless templated).
    private mutating func oauth2(_ node: Node, fields: Fields, values: [String: String])
        throws(WorkspaceError) -> OAuth2Definition
    {
        guard let grantNode = fields["grant"] else {
            throw error(.missingField, "'auth' of type oauth2 is missing required field 'grant'", at: node)
        }
        let grant: OAuth2Configuration.Grant = try choice(grantNode, field: "auth.grant")
        if let needed = OAuth2Definition.grantField(grant), values[needed] == nil {
            throw error(
                .missingField, "'auth' with grant \(grant.rawValue) needs '\(needed)'", at: node)
        }
        if let mode = values["clientAuth"], !mode.contains("{{"),
            OAuth2Configuration.ClientAuthentication(rawValue: mode) == nil
        {
            throw error("'auth.clientAuth' must be basic or body, not '\(mode)'", at: fields["clientAuth"] ?? node)
        }
        if let port = values["redirectPort"], !port.contains("{{"), Int(port).map({ (0...65535).contains($0) }) != true
        {
            throw error(
                "'auth.redirectPort' must be a port number (0 to 65535), not '\(port)'",
                at: fields["redirectPort"] ?? node)
        }
        return OAuth2Definition(grant: grant, fields: values)
    }

    /// `auth:` on a target or a spec: `none`, or `{type: basic | bearer | apiKey | digest | aws, ...}`.
    ///
    /// A null is no block (`nil`: the target's applies). An unknown `type` is an error with a suggestion;
    /// an unknown field is a warning with one, like every other field; a missing one is an error.
    /// `locate` gets each templated value's field (`auth/password`) and position.
    mutating func auth(
        _ node: Node, locate: (String, SourceLocation) -> Void
    ) throws(WorkspaceError) -> AuthDefinition? {
        if case .scalar(let scalar) = node {
            if ScalarValue.isNull(scalar) { return nil }
            if scalar.string == "none" { return AuthDefinition.none }
            let hint = Suggestions.hint(for: scalar.string, in: ["none"] + AuthDefinition.types)
            throw error(
                "'auth' must be none or a mapping such as {type: basic, username: ..., password: ...}, not "
                    + "'\(scalar.string)'\(hint)", at: node)
        }
        guard case .mapping = node else {
            throw error("'auth' must be none or a mapping with a 'type', not \(Self.describe(node))", at: node)
        }
        var typeNode: Node?
        try forEachEntry(node, of: "'auth'") { key, _, value in if key == "type" { typeNode = value } }
        guard let typeNode else {
            throw error(
                .missingField, "'auth' needs a 'type': \(AuthDefinition.types.joined(separator: " | "))", at: node)
        }
        let type = try oneOf(typeNode, field: "auth.type", allowed: AuthDefinition.types)
        let (required, optional) = AuthDefinition.fields(of: type)
        let fields = try self.fields(node, of: "'auth'", allowed: ["type"] + required + optional)
        var values: [String: String] = [:]
        for name in required + optional where !(type == "oauth2" && name == "grant") {
            guard let value = fields[name] else {
                if required.contains(name) {
                    throw error(.missingField, "'auth' of type \(type) is missing required field '\(name)'", at: node)
                }
                continue
            }
            let text = try string(value, field: "auth.\(name)")
            if text.contains("{{") { locate("auth/" + name, SourceLocation(value)) }
            values[name] = text
        }
        func value(_ name: String) -> String { values[name] ?? "" }
        switch type {
        case "basic": return .basic(username: value("username"), password: value("password"))
        case "digest": return .digest(username: value("username"), password: value("password"))
        case "bearer": return .bearer(token: value("token"))
        case "apiKey":
            var location = RequestAuthentication.APIKeyLocation.header
            if let node = fields["in"] { location = try choice(node, field: "auth.in") }
            if location == .header, !value("name").contains("{{"), HTTPField.Name(value("name")) == nil {
                throw error("'\(value("name"))' is not a valid header name", at: fields["name"] ?? node)
            }
            return .apiKey(name: value("name"), value: value("value"), location: location)
        case "oauth2":
            return .oauth2(try oauth2(node, fields: fields, values: values))
        default:
            return .aws(
                accessKey: value("accessKey"), secretKey: value("secretKey"), sessionToken: values["sessionToken"],
                region: value("region"), service: value("service"))
        }
    }
}
