import Foundation

extension ImportFormat {
    /// What a source looks like, for `import auto` and for the hint when an explicit format is wrong.
    package struct Detection: Sendable, Equatable {
        /// The format.
        package var format: ImportFormat
        /// How a person calls it (`a Postman collection v2.1`).
        package var description: String

        /// Makes a detection.
        package init(format: ImportFormat, description: String) {
            self.format = format
            self.description = description
        }
    }

    /// The format `text` is in, judged from its first keys (no full parse), or nil when none fits.
    package static func detect(_ text: String) -> Detection? {
        let trimmed = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") {
            return detectJSON(Data(trimmed.utf8))
        }
        // grpcurl commands, perhaps after `#` comments and with a `$ ` prompt.
        let command =
            trimmed.prefix(64 << 10).split(separator: "\n").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty && !$0.hasPrefix("#") } ?? ""
        let program = command.split(separator: " ").first { $0 != "$" }.map(String.init) ?? ""
        if program == "grpcurl" || program.hasSuffix("/grpcurl") {
            return Detection(format: .grpcurl, description: "a grpcurl command")
        }
        let firstWord = trimmed.prefix(while: { !$0.isWhitespace }).lowercased()
        if ["curl", "curl.exe", "$", ">"].contains(firstWord) || trimmed.lowercased().hasPrefix("curl ") {
            return Detection(format: .curl, description: "a curl command")
        }
        // A GraphQL document: its first definition (after `#` comments) is an operation or a fragment.
        let firstDefinition =
            trimmed.prefix(64 << 10).split(separator: "\n").lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty && !$0.hasPrefix("#") } ?? ""
        let keyword = firstDefinition.prefix { $0.isLetter }
        if ["query", "mutation", "subscription", "fragment"].contains(keyword),
            let next = firstDefinition.dropFirst(keyword.count).first, next == " " || next == "{" || next == "("
        {
            return Detection(format: .graphql, description: "a file of GraphQL operations (.graphql)")
        }
        if looksLikeHTTPFile(trimmed) {
            return Detection(format: .http, description: "a file of HTTP requests (.http)")
        }
        return detectYAML(text)
    }

    /// Whether the text reads as a `.http` file: a `###` separator, or a first request line
    /// (`GET https://…`) after comments and `@variables`.
    private static func looksLikeHTTPFile(_ text: Substring) -> Bool {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(200) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("###") { return true }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("//") || trimmed.hasPrefix("@") {
                continue
            }
            let words = trimmed.split(separator: " ", maxSplits: 2)
            let methods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
            guard words.count >= 2, methods.contains(String(words[0])) else { return false }
            let target = words[1]
            return target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("/")
                || target.hasPrefix("{{")
        }
        return false
    }

    private static func detectJSON(_ data: Data) -> Detection? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            let root = object as? [String: Any]
        else { return nil }
        if let version = root["openapi"] as? String {
            return Detection(format: .openapi, description: "an OpenAPI \(version) description")
        }
        if let version = root["swagger"] as? String {
            return Detection(format: .openapi, description: "a Swagger \(version) description")
        }
        if let log = root["log"] as? [String: Any], log["entries"] != nil {
            return Detection(format: .har, description: "a HAR \((log["version"] as? String) ?? "1.2") archive")
        }
        if root["_type"] as? String == "export", root["resources"] != nil {
            let version = root["__export_format"].map { "\($0)" } ?? "4"
            return Detection(format: .insomnia, description: "an Insomnia v\(version) export")
        }
        if let info = root["info"] as? [String: Any], root["item"] != nil {
            let schema = (info["schema"] as? String) ?? ""
            let version = schema.contains("v2.0") ? "v2.0" : schema.contains("v2.1") ? "v2.1" : "v2"
            return Detection(format: .postman, description: "a Postman collection \(version)")
        }
        if root["requests"] is [Any], root["order"] != nil || root["folders"] != nil {
            return Detection(format: .postman, description: "a Postman collection v1")
        }
        return nil
    }

    private static func detectYAML(_ text: String) -> Detection? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(200) {
            guard let first = line.first, !first.isWhitespace, first != "#" else { continue }
            if line.hasPrefix("openapi:") {
                let version = line.dropFirst("openapi:".count).trimmingCharacters(in: .whitespaces)
                return Detection(format: .openapi, description: "an OpenAPI \(unquoted(version)) description")
            }
            if line.hasPrefix("swagger:") {
                let version = line.dropFirst("swagger:".count).trimmingCharacters(in: .whitespaces)
                return Detection(format: .openapi, description: "a Swagger \(unquoted(version)) description")
            }
            if line.hasPrefix("_type: export") {
                return Detection(format: .insomnia, description: "an Insomnia export")
            }
        }
        return nil
    }

    private static func unquoted(_ text: String) -> String {
        text.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
    }
}
