import Foundation
import HTTPTypes
import Tern

/// Turns a `sample:` into the `SampleResponse` that `sample` mode and the mock server serve.
enum SampleLowering {
    /// Objects, arrays, numbers and booleans become JSON (with `application/json` unless a
    /// `Content-Type` is given); a string is sent as it is; `null` is an empty body.
    static func response(for sample: SampleDefinition, file: URL) throws(WorkspaceError) -> SampleResponse {
        var headers = HTTPFields()
        for header in sample.headers {
            guard let name = HTTPField.Name(header.name) else {
                throw WorkspaceError(.invalidRequest, "'\(header.name)' is not a valid sample header name", file: file)
            }
            headers.append(HTTPField(name: name, value: header.value))
        }
        let body: Data
        switch sample.body {
        case .null:
            body = Data()
        case .string(let text):
            body = Data(text.utf8)
        default:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            do {
                body = try encoder.encode(sample.body)
            } catch {
                throw WorkspaceError(.invalidValue, "the sample body cannot be encoded as JSON: \(error)", file: file)
            }
            if headers[.contentType] == nil { headers[.contentType] = "application/json" }
        }
        return SampleResponse(status: sample.status, headers: headers, body: body)
    }
}
