import Foundation
import Tern
import TernInterchange
import TernJSONPath
import TernJSONSchema
import TernWorkspace

/// An OpenAPI description read for contract checks: the document as JSON, which OpenAPI it is, and
/// the response schemas compiled so far (each once).
struct OpenAPIDescription: Sendable {
    /// Which description format, which decides where responses keep their schemas and their dialect.
    typealias Version = OpenAPIPreflight.Kind

    /// A description larger than this is refused (the importer's own limit).
    static let maximumBytes = 64 << 20

    /// The document.
    let document: JSONPathValue
    /// Its `file:` URI (what `$ref`s in it are relative to).
    let uri: String
    /// Its format.
    let version: Version
    /// The stamp of the file it was read from, to read it again when it changes.
    let stamp: FileStamp?
    /// Compiled response schemas by pointer.
    var schemas: [String: JSONSchema] = [:]

    /// Reads the description at `file` (JSON, or YAML).
    static func read(_ file: URL, root: URL) throws(ExplorerError) -> OpenAPIDescription {
        guard WorkspaceConfinement.isInside(file, root: root) else {
            throw ExplorerError(
                .workspace, "the OpenAPI description '\(file.path)' is outside the workspace folder; it is not read")
        }
        let type = (try? FileManager.default.attributesOfItem(atPath: file.path)[.type]) as? FileAttributeType
        guard type == nil || type == .typeRegular else {
            throw ExplorerError(.workspace, "the OpenAPI description '\(file.path)' is not a regular file")
        }
        let stamp = FileStamp(path: file.path)
        guard let size = stamp?.size else {
            throw ExplorerError(.workspace, "the OpenAPI description '\(file.path)' cannot be read: no such file")
        }
        guard size <= Int64(maximumBytes) else {
            throw ExplorerError(
                .workspace,
                "the OpenAPI description '\(file.path)' is \(size) bytes; more than \(maximumBytes) is refused")
        }
        let document: JSONPathValue
        let version: Version
        do {
            let data = try Data(contentsOf: file)
            // What the source is, and whether it is within bounds, is the importer's preflight's to say.
            let preflight = try OpenAPIPreflight(text: String(decoding: data, as: UTF8.self), name: file.path)
            guard let kind = preflight.kind else {
                throw ExplorerError(
                    .workspace, "'\(file.path)' has neither 'openapi' nor 'swagger': not an OpenAPI description")
            }
            version = kind
            if preflight.isJSON {
                document = try JSONPathValue(decoding: data)
            } else {
                document = try SchemaFile.document(at: file.absoluteString, root: root).pathValue
            }
        } catch let error as ExplorerError {
            throw error
        } catch {
            let reason =
                (error as? WorkspaceError)?.description ?? (error as? JSONPathError)?.message
                ?? (error as? ImportError)?.description ?? error.localizedDescription
            throw ExplorerError(.workspace, "the OpenAPI description '\(file.path)' cannot be read: \(reason)")
        }
        guard case .object = document else {
            throw ExplorerError(.workspace, "the OpenAPI description '\(file.path)' is not an object")
        }
        return OpenAPIDescription(document: document, uri: file.absoluteString, version: version, stamp: stamp)
    }

    /// The value at the JSON pointer `pointer` (`/paths/~1pets/get`), following a `$ref` found on the way.
    func value(at pointer: String) -> JSONPathValue? {
        var current = document
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let name = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            current = resolved(current)
            switch current {
            case .object(let object):
                guard let next = object[name] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(name), items.indices.contains(index) else { return nil }
                current = items[index]
            default: return nil
            }
        }
        return resolved(current)
    }

    /// `value` with a local `$ref` (`#/components/…`) followed, a few hops at most.
    func resolved(_ start: JSONPathValue) -> JSONPathValue {
        var current = start
        for _ in 0..<8 {
            guard case .object(let object) = current, case .string(let reference)? = object["$ref"],
                reference.hasPrefix("#/"), let target = value(atLocal: String(reference.dropFirst()))
            else { return current }
            current = target
        }
        return current
    }

    private func value(atLocal pointer: String) -> JSONPathValue? {
        var current = document
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let name = (token.removingPercentEncoding ?? String(token))
                .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard case .object(let object) = current, let next = object[name] else { return nil }
            current = next
        }
        return current
    }

    /// The schema at `pointer`, compiled in the description's dialect with its `$ref`s resolved in it.
    /// (The wrapper that names it has no base URI of its own: given the document's, it would stand for it.)
    mutating func schema(at pointer: String) throws(JSONSchemaError) -> JSONSchema {
        if let compiled = schemas[pointer] { return compiled }
        var registry = JSONSchemaRegistry()
        registry.add(document, at: uri)
        let fragment = pointer.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? pointer
        let dialect: JSONSchemaDialect = version == .openAPI31 ? .draft2020_12 : .openAPI30
        let compiled = try JSONSchema(
            .object(JSONPathObject([("$ref", .string(uri + "#" + fragment))])), dialect: dialect, registry: registry)
        schemas[pointer] = compiled
        return compiled
    }

    /// `name` escaped as one JSON pointer token.
    static func token(_ name: String) -> String {
        name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
