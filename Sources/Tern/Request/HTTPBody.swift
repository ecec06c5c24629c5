public import Foundation

/// A request body as an endpoint declares it: JSON, a form, text, raw bytes, a file or a multipart form.
///
/// Lowering turns it into a `RequestBody` and a `Content-Type`; encoding failures surface as
/// `TernError.invalidRequest` when the request is built, never as a crash.
public struct HTTPBody: Sendable {
    let lowered: Result<(body: RequestBody, contentType: String?), TernError>

    init(_ body: RequestBody, contentType: String?) {
        lowered = .success((body, contentType))
    }

    init(failure: TernError) {
        lowered = .failure(failure)
    }

    /// A JSON body from a literal value (keys sorted, so the bytes are stable).
    public static func json(_ value: JSONValue) -> HTTPBody {
        json(value, encoder: sortedEncoder())
    }

    /// A JSON body from any `Encodable` value.
    public static func json<Value: Encodable>(_ value: Value, encoder: JSONEncoder = JSONEncoder()) -> HTTPBody {
        do {
            return HTTPBody(.data(try encoder.encode(value)), contentType: "application/json")
        } catch {
            return HTTPBody(
                failure: TernError(.invalidRequest, "the JSON body could not be encoded: \(error)", underlying: error))
        }
    }

    /// An `application/x-www-form-urlencoded` body; arrays follow `arrayEncoding`.
    public static func form(_ fields: QueryParameters, arrayEncoding: ArrayEncoding = .individual) -> HTTPBody {
        let text = fields.encoded(arrayEncoding: arrayEncoding)
        return HTTPBody(.data(Data(text.utf8)), contentType: "application/x-www-form-urlencoded")
    }

    /// A text body, UTF-8.
    public static func text(_ text: String, contentType: String = "text/plain; charset=utf-8") -> HTTPBody {
        HTTPBody(.data(Data(text.utf8)), contentType: contentType)
    }

    /// Raw bytes with an optional content type.
    public static func data(_ data: Data, contentType: String? = nil) -> HTTPBody {
        HTTPBody(.data(data), contentType: contentType)
    }

    /// A file, streamed from disk.
    public static func file(_ url: URL, contentType: String? = "application/octet-stream") -> HTTPBody {
        HTTPBody(.file(url), contentType: contentType)
    }

    /// A multipart form of fields and files.
    public static func multipart(_ parts: [MultipartForm.Part], boundary: String? = nil) -> HTTPBody {
        let form = MultipartForm(parts: parts, boundary: boundary)
        return HTTPBody(.multipart(form), contentType: form.contentType)
    }

    private static func sortedEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension HTTPBody {
    /// The `Accept` of a GraphQL-over-HTTP request: the GraphQL response type first, then plain JSON.
    public static let graphQLAccept = "application/graphql-response+json, application/json"

    /// A GraphQL-over-HTTP body: `{"query", "operationName", "variables"}` as JSON (send it with POST and
    /// `Accept: HTTPBody.graphQLAccept`).
    public static func graphQL(_ query: String, operationName: String? = nil, variables: JSONValue? = nil) -> HTTPBody {
        var document: [String: JSONValue] = ["query": .string(query)]
        if let operationName { document["operationName"] = .string(operationName) }
        if let variables { document["variables"] = variables }
        return .json(.object(document))
    }
}
