/// The formats `tern import` reads.
package enum ImportFormat: String, Sendable, CaseIterable, Codable {
    /// curl command lines (one or several, from docs or a browser's "copy as cURL").
    case curl
    /// OpenAPI 3.0 / 3.1 and Swagger 2.0 descriptions, JSON or YAML.
    case openapi
    /// Postman collections v2.0 and v2.1.
    case postman
    /// Insomnia v4 exports.
    case insomnia
    /// HTTP Archives (HAR 1.2) recorded by a browser or a proxy.
    case har
    /// `.http` / `.rest` files: the JetBrains HTTP Client format and the VS Code REST Client dialect.
    case http
    /// grpcurl command lines: gRPC calls, with the targets they call.
    case grpcurl
    /// `.graphql` files of operations (queries, mutations, subscriptions, with their fragments).
    case graphql
}
