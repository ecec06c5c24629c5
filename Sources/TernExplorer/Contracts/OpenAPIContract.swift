import Foundation
import Tern
import TernInterchange
import TernJSONPath
import TernJSONSchema
import TernWorkspace

/// An answer checked against the OpenAPI operation its spec was imported from: a documented status, a
/// documented content type, the body against the response's schema, the headers it requires. Each is
/// an expectation result, so runs and reports show a broken contract like any failed check.
enum OpenAPIContract {
    /// The checks of the answer in `facts` against `operation` of `description`.
    static func check(
        _ facts: inout ResponseFacts, operation: OpenAPIOperation, description: inout OpenAPIDescription
    ) -> [ExpectationResult] {
        let name = operation.operation
        let operationPointer = "/paths/\(OpenAPIDescription.token(operation.path))/\(operation.method.lowercased())"
        guard case .object(let definition)? = description.value(at: operationPointer) else {
            return [
                ExpectationResult(
                    expected: "\(name) is in the OpenAPI description", actual: "it is not (renamed or removed?)",
                    passed: false)
            ]
        }
        guard case .object(let responses)? = definition["responses"].map(description.resolved) else {
            return [
                ExpectationResult(expected: "\(name) documents its responses", actual: "it has none", passed: false)
            ]
        }
        let status = String(facts.status)
        let documented = responses.members.map(\.key)
        let key =
            documented.first { $0 == status }
            ?? documented.first { $0.uppercased() == "\(status.prefix(1))XX" } ?? documented.first { $0 == "default" }
        guard let key, case .object(let response) = description.resolved(responses[key] ?? .null) else {
            return [
                ExpectationResult(
                    expected: "status is documented for \(name)",
                    actual: "\(status) is not (documented: \(documented.joined(separator: ", ")))", passed: false)
            ]
        }
        var results = [
            ExpectationResult(
                expected: "status is documented for \(name)", actual: key == status ? status : "\(status) as \(key)",
                passed: true)
        ]
        let responsePointer = "\(operationPointer)/responses/\(OpenAPIDescription.token(key))"
        results += body(&facts, response: response, operation: definition, pointer: responsePointer, in: &description)
        results += headers(facts, response: response, in: description)
        return results
    }

    /// The content type and the body's schema.
    private static func body(
        _ facts: inout ResponseFacts, response: JSONPathObject, operation: JSONPathObject, pointer: String,
        in description: inout OpenAPIDescription
    ) -> [ExpectationResult] {
        let contentType = facts.header("Content-Type").map(MediaRange.essence)
        let hasBody = (try? facts.body().get().isEmpty == false) ?? false
        var schemaPointer: String?
        var documentedTypes: [String] = []
        switch description.version {
        case .swagger2:
            if response["schema"] != nil { schemaPointer = pointer + "/schema" }
            let produces = operation["produces"] ?? (description.document.objectValue?["produces"])
            if case .array(let types)? = produces { documentedTypes = types.compactMap(\.stringValue) }
        case .openAPI30, .openAPI31:
            if case .object(let content)? = response["content"].map(description.resolved) {
                documentedTypes = content.members.map(\.key)
                if let contentType, let match = MediaRange.best(for: contentType, in: documentedTypes),
                    case .object(let media)? = content[match], media["schema"] != nil
                {
                    schemaPointer = "\(pointer)/content/\(OpenAPIDescription.token(match))/schema"
                }
            }
        }
        var results: [ExpectationResult] = []
        if !documentedTypes.isEmpty || hasBody {
            let phrase = "content type is documented"
            if documentedTypes.isEmpty {
                results.append(
                    ExpectationResult(
                        expected: phrase,
                        actual: "a body came (\(contentType ?? "no Content-Type")); none is documented",
                        passed: description.version == .swagger2))
            } else if let contentType, MediaRange.best(for: contentType, in: documentedTypes) != nil {
                results.append(ExpectationResult(expected: phrase, actual: contentType, passed: true))
            } else if hasBody || contentType != nil {
                let said = contentType ?? "no Content-Type"
                results.append(
                    ExpectationResult(
                        expected: phrase, actual: "\(said); documented: \(documentedTypes.joined(separator: ", "))",
                        passed: false))
            }
        }
        guard let schemaPointer, hasBody, contentType.map(MediaRange.isJSON) ?? false else { return results }
        let expected = "body matches the documented schema"
        switch facts.json() {
        case .success(let document):
            do throws(JSONSchemaError) {
                let validation = try description.schema(at: schemaPointer).validate(document)
                let said = validation.errors.prefix(SchemaCheck.failuresShown).map(SchemaCheck.describe)
                let more =
                    validation.errors.count > SchemaCheck.failuresShown
                    ? ["\(validation.errors.count - SchemaCheck.failuresShown) more"] : []
                results.append(
                    ExpectationResult(
                        expected: expected,
                        actual: validation.isValid ? "it does" : (said + more).joined(separator: "; "),
                        passed: validation.isValid))
            } catch {
                results.append(
                    ExpectationResult(expected: expected, actual: "the schema: \(error.description)", passed: false))
            }
        case .failure(let problem):
            results.append(ExpectationResult(expected: expected, actual: problem.message, passed: false))
        }
        return results
    }

    /// The headers the response requires (`required: true`, OpenAPI 3).
    private static func headers(
        _ facts: ResponseFacts, response: JSONPathObject, in description: OpenAPIDescription
    ) -> [ExpectationResult] {
        guard case .object(let headers)? = response["headers"].map(description.resolved) else { return [] }
        return headers.members.compactMap { name, header in
            guard case .object(let definition) = description.resolved(header),
                definition["required"] == .bool(true), name.lowercased() != "content-type"
            else { return nil }
            let present = facts.header(name) != nil
            return ExpectationResult(
                expected: "header \(name) is present (the description requires it)",
                actual: present ? "present" : "absent", passed: present)
        }
    }
}

extension JSONPathValue {
    fileprivate var objectValue: JSONPathObject? {
        if case .object(let object) = self { object } else { nil }
    }

    fileprivate var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }
}
