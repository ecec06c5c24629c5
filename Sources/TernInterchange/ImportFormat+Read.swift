extension ImportFormat {
    /// Reads `source` as this format.
    package func read(_ source: ImportSource) throws(ImportError) -> ImportedCollection {
        switch self {
        case .postman: try PostmanImporter.read(source)
        case .insomnia: try InsomniaImporter.read(source)
        case .har: try HARImporter.read(source)
        case .openapi: try OpenAPIImporter.read(source)
        case .curl: try CurlImporter.read(source)
        case .http: try HTTPFileImporter.read(source)
        case .grpcurl: try GRPCurlImporter.read(source)
        case .graphql: try GraphQLFileImporter.read(source)
        }
    }
}
