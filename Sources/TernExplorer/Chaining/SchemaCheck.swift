import Foundation
import Tern
import TernJSONPath
import TernJSONSchema
import TernWorkspace

/// `expect: schema:`: the answer's JSON against a JSON Schema, all of it (`TernJSONSchema`: draft
/// 2020-12, 2019-09 or draft-07 by `$schema`). A relative `$ref` names a file of the workspace
/// (`schemas/user.json`, JSON or YAML); nothing outside it and nothing on the network is read.
/// Each failure names where in the answer and where in the schema, as JSON pointers.
enum SchemaCheck {
    /// At most this many failures are said in a check's result.
    static let failuresShown = 3

    /// The check of `document` against `schema`, `$ref`s resolved in the workspace at `root` (none: only
    /// the schema's own and the drafts' metaschemas).
    static func result(
        of document: JSONPathValue, against schema: JSONValue, assertFormats: Bool, root: URL?
    ) -> ExpectationResult {
        let expected = "body matches the schema"
        let compiled: JSONSchema
        do throws(JSONSchemaError) {
            compiled = try JSONSchema(
                schema.pathValue, baseURI: root.map(SchemaFile.baseURI), registry: registry(root: root),
                formatAssertion: assertFormats)
        } catch {
            return ExpectationResult(expected: expected, actual: "the schema: \(error.description)", passed: false)
        }
        let validation = compiled.validate(document)
        guard !validation.isValid else { return ExpectationResult(expected: expected, actual: "it does", passed: true) }
        var said = validation.errors.prefix(failuresShown).map(describe)
        if validation.errors.count > failuresShown { said.append("\(validation.errors.count - failuresShown) more") }
        return ExpectationResult(expected: expected, actual: said.joined(separator: "; "), passed: false)
    }

    /// `/items/0/id: expected integer, found string (schema /properties/items/items/properties/id/type)`;
    /// the answer as a whole is `the answer`, the schema's root `the schema's root`.
    static func describe(_ failure: JSONSchemaFailure) -> String {
        let at = failure.instanceLocation.isEmpty ? "the answer" : failure.instanceLocation
        let schema = failure.keywordLocation.isEmpty ? "the schema's root" : failure.keywordLocation
        return "\(at): \(failure.message) (schema \(schema))"
    }

    /// The registry that reads `$ref`'d files of the workspace at `root`.
    private static func registry(root: URL?) -> JSONSchemaRegistry {
        guard let root else { return JSONSchemaRegistry() }
        return JSONSchemaRegistry { uri in
            (try? SchemaFile.document(at: uri, root: root))?.pathValue
        }
    }
}
