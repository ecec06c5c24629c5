import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// Decodes an OpenAPI 3.0 / 3.1 / 3.2 or Swagger 2.0 source into one OpenAPIKit 3.1+ document,
/// turning every failure into an `ImportError` with a `file:line:column` or a JSON pointer.
enum OpenAPIDocumentReader {
    /// The decoded document and the order of its paths when decoding lost it.
    struct Result {
        var document: OpenAPIKit.OpenAPI.Document
        var pathOrder: [String]?
        var warnings: [String] = []
    }

    static func read(text: String, data: Data, name: String) throws(ImportError) -> Result {
        let preflight = try OpenAPIPreflight(text: text, name: name)
        guard let version = preflight.version else {
            throw ImportError(
                "neither `openapi` nor `swagger` is set at the top level: this is not an OpenAPI description",
                at: name)
        }
        let claim = version.key == "swagger" ? "Swagger \(version.value)" : "OpenAPI \(version.value)"
        let parts = version.value.split(separator: ".")
        switch (version.key, parts.first, parts.dropFirst().first) {
        case ("openapi", "3", "0"):
            let (old, repairs) = try decodeLeniently(
                OpenAPIKit30.OpenAPI.Document.self, text: text, data: data, isJSON: preflight.isJSON, name: name)
            return Result(document: old.convert(to: .v3_1_1), pathOrder: preflight.pathOrder, warnings: repairs)
        case ("openapi", "3", "1"), ("openapi", "3", "2"):
            let (document, repairs) = try decodeLeniently(
                OpenAPIKit.OpenAPI.Document.self, text: text, data: data, isJSON: preflight.isJSON, name: name)
            return Result(document: document, pathOrder: preflight.pathOrder, warnings: repairs)
        case ("swagger", "2", _):
            let swagger = try decode(
                Swagger2Document.self, text: text, data: data, isJSON: preflight.isJSON, name: name)
            let converted = Swagger2Converter.convert(swagger)
            // Problems are found in the converted document: point at where they are in the source.
            let (old, repairs) = try decodeLeniently(
                OpenAPIKit30.OpenAPI.Document.self, text: "", data: converted.data, isJSON: true, name: name,
                sourcePath: { path in
                    path.count >= 2 && path[0] == "components" && path[1] == "schemas"
                        ? ["definitions"] + path.dropFirst(2) : path
                })
            return Result(
                document: old.convert(to: .v3_1_1), pathOrder: preflight.pathOrder ?? swagger.paths.keys,
                warnings: converted.warnings + repairs)
        default:
            throw ImportError(
                "the document claims \(claim): Tern reads OpenAPI 3.0, 3.1 and 3.2, and Swagger 2.0",
                at: "#/\(version.key)")
        }
    }

    /// Decodes `type` as `decode` does, repairing what a real-world description gets wrong
    /// (`OpenAPILeniency`): returns the document and one warning per repair.
    static func decodeLeniently<T: Decodable>(
        _ type: T.Type, text: String, data: Data, isJSON: Bool, name: String,
        sourcePath: ([String]) -> [String] = { $0 }
    ) throws(ImportError) -> (T, [String]) {
        var tree: Any?
        var warnings: [String] = []
        var current = (text: text, data: data, isJSON: isJSON)
        while true {
            do throws(ImportError) {
                return (
                    try decode(T.self, text: current.text, data: current.data, isJSON: current.isJSON, name: name),
                    warnings
                )
            } catch {
                guard let path = error.codingPath, warnings.count < OpenAPILeniency.maximumRepairs else { throw error }
                if tree == nil {
                    tree = OpenAPILeniency.tree(text: current.text, data: current.data, isJSON: current.isJSON)
                }
                guard var repaired = tree,
                    let warning = OpenAPILeniency.repair(
                        &repaired, at: path, problem: error.problem, pointer: { pointer(sourcePath($0)) })
                else { throw error }
                guard OpenAPILeniency.hasOperations(repaired) else {
                    throw ImportError(
                        "nothing usable is left: \(error.problem) (and \(warnings.count) other problems)",
                        at: pointer(sourcePath(path)))
                }
                warnings.append(warning)
                tree = repaired
                // Sorted keys: the same document repairs to the same bytes every time (a re-import is unchanged).
                guard
                    let json = try? JSONSerialization.data(
                        withJSONObject: repaired, options: [.fragmentsAllowed, .sortedKeys])
                else { throw error }
                current = (text: "", data: json, isJSON: true)
            }
        }
    }

    /// Decodes `type` from JSON bytes or YAML text.
    static func decode<T: Decodable>(
        _ type: T.Type, text: String, data: Data, isJSON: Bool, name: String
    ) throws(ImportError) -> T {
        // Vendor extensions (`x-…`) are not imported; reading them makes OpenAPIKit decode every object a
        // second time as `AnyCodable`, which was half the time of a GitHub-sized import.
        let userInfo: [CodingUserInfoKey: any Sendable] = [OpenAPIKit30.VendorExtensionsConfiguration.enabledKey: false]
        do {
            if isJSON {
                let decoder = JSONDecoder()
                decoder.userInfo = userInfo
                return try decoder.decode(T.self, from: data)
            }
            return try YAMLDecoder().decode(T.self, from: text, userInfo: userInfo)
        } catch let error as YamlError {
            throw yamlError(error, name: name)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, let yaml = context.underlyingError as? YamlError {
                throw yamlError(yaml, name: name)
            }
            throw decodingError(error, data: data, isJSON: isJSON, name: name)
        } catch {
            let wrapped = OpenAPIKit.OpenAPI.Error(from: error)
            throw positioned(wrapped)
        }
    }

    /// An OpenAPIKit error at its JSON pointer, keeping the coding path for a repair.
    private static func positioned(_ wrapped: OpenAPIKit.OpenAPI.Error) -> ImportError {
        var error = ImportError(wrapped.localizedDescription, at: pointer(wrapped.codingPath))
        error.codingPath = wrapped.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
        error.problem = wrapped.localizedDescription
        return error
    }

    private static func yamlError(_ error: YamlError, name: String) -> ImportError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return ImportError("YAML syntax error: \(problem)", at: "\(name):\(mark.line):\(mark.column)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ImportError(
                "duplicated keys: \(duplicates.joined(separator: ", "))",
                at: "\(name):\(context.mark.line):\(context.mark.column)")
        default:
            return ImportError("YAML error: \(error)", at: name)
        }
    }

    private static func decodingError(
        _ error: DecodingError, data: Data, isJSON: Bool, name: String
    ) -> ImportError {
        let wrapped = OpenAPIKit.OpenAPI.Error(from: error)
        if isJSON, wrapped.codingPath.isEmpty, case .dataCorrupted(let context) = error,
            context.codingPath.isEmpty
        {
            return jsonSyntaxError(data: data, name: name)
        }
        return positioned(wrapped)
    }

    /// A JSON syntax error at its line and column: JSONDecoder does not say where, JSONSerialization does
    /// (`around character N`, or the end of the file); only read on this failure path.
    private static func jsonSyntaxError(data: Data, name: String) -> ImportError {
        var detail = "the data is not valid JSON"
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? detail
        }
        var offset: Int?
        if let match = detail.firstMatch(of: /character (\d+)/), let value = Int(match.1) {
            offset = min(value, data.count)
        } else if detail.lowercased().contains("end of file") {
            offset = data.count
        }
        guard let offset else { return ImportError("JSON syntax error: \(detail)", at: name) }
        let (line, column) = JSONDocument.position(of: offset, in: data)
        return ImportError("JSON syntax error: \(detail)", at: "\(name):\(line):\(column)")
    }

    /// A JSON pointer (`#/paths/~1pets/get`) for a coding path.
    static func pointer(_ path: [any CodingKey]) -> String {
        pointer(path.map { $0.intValue.map(String.init) ?? $0.stringValue })
    }

    /// A JSON pointer for a path of keys.
    static func pointer(_ path: [String]) -> String {
        var out = "#"
        for part in path {
            out += "/" + part.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }
        return out
    }
}
