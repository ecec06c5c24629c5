import Foundation
import Yams

extension ManifestReader {
    /// Reads a `tls:` mapping: `insecure`, `caFile`, `clientCertificate`, `clientKey`, `clientKeyPassphrase`.
    mutating func tls(_ node: Node, of what: String) throws(WorkspaceError) -> TLSDefinition? {
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return nil }
        let fields = try reader.fields(
            node, of: what, allowed: ["insecure", "caFile", "clientCertificate", "clientKey", "clientKeyPassphrase"])
        var definition = TLSDefinition()
        if let flag = fields["insecure"] { definition.insecure = try reader.bool(flag, field: "insecure") }
        if let path = fields["caFile"] {
            definition.caFile = try reader.string(path, field: "caFile")
            definition.locations["caFile"] = SourceLocation(path)
        }
        if let path = fields["clientCertificate"] {
            definition.clientCertificate = try reader.string(path, field: "clientCertificate")
            definition.locations["clientCertificate"] = SourceLocation(path)
        }
        if let path = fields["clientKey"] {
            definition.clientKey = try reader.string(path, field: "clientKey")
            definition.locations["clientKey"] = SourceLocation(path)
        }
        if let passphrase = fields["clientKeyPassphrase"] {
            definition.clientKeyPassphrase = try reader.string(passphrase, field: "clientKeyPassphrase")
            definition.locations["clientKeyPassphrase"] = SourceLocation(passphrase)
            if definition.clientKey == nil {
                throw reader.error(
                    .invalidValue, "\(what): 'clientKeyPassphrase' is the passphrase of 'clientKey', which is missing",
                    at: passphrase)
            }
        }
        if (definition.clientCertificate == nil) != (definition.clientKey == nil) {
            throw reader.error(
                .invalidValue, "\(what): 'clientCertificate' and 'clientKey' go together (mutual TLS)", at: node)
        }
        return definition
    }

    /// Reads `proxy:`: `none`, or a proxy URL (`http://host:port`, templated, credentials allowed).
    func proxy(_ node: Node, field: String) throws(WorkspaceError) -> ProxyDefinition? {
        guard let text = try reader.optionalString(node, field: field) else { return nil }
        if text == "none" { return .direct }
        let lowered = text.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("{{") else {
            throw reader.error(
                .invalidValue,
                "'\(field)' must be 'none' or an http:// proxy URL (http://user:pass@host:port); got '\(text)'",
                at: node)
        }
        return .url(text)
    }
}
