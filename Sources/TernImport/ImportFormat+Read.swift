extension ImportFormat {
    /// Reads `source` as this format.
    package func read(_ source: ImportSource) throws(ImportError) -> ImportedCollection {
        switch self {
        case .curl, .openapi, .postman, .insomnia, .har:
            throw ImportError("the \(rawValue) importer is being merged")
        }
    }
}
