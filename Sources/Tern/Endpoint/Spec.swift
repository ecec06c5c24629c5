public import Foundation

/// A typed request, Dyson style: a parameter in, a `Result` out, and an `Error` for expected error bodies.
///
/// ```swift
/// struct GetUser: Spec {
///     typealias Result = User
///     typealias Error = APIError
///     let parameter: Int
///     var baseURL: String { "https://api.example.com" }
///     var path: String { "/users/\(parameter)" }
///     var method: HTTPMethod { .get }
/// }
/// let user = try await handler.data(GetUser(parameter: 1))   // throws APIError for expected errors
/// ```
public protocol Spec: Endpoint {
    /// What the caller passes in.
    associatedtype Parameter: Sendable = Void
    /// The value a successful response maps to.
    associatedtype Result: Sendable
    /// The value an expected error body maps to (`NoErrorBody` when there is none).
    associatedtype Error: Swift.Error = NoErrorBody

    /// The caller's input.
    var parameter: Parameter { get }
    /// The base URL; empty means the handler's `SessionDefaults.baseURL`.
    var baseURL: String { get }
    /// The path.
    var path: String { get }
    /// The method.
    var method: HTTPMethod { get }
    /// Data, upload or download.
    var transaction: Transaction { get }
    /// Extra headers.
    var headers: [String: String] { get }
    /// How the parameter is put into the request: nothing, the query, or the body.
    var encoding: RequestEncoding { get }
    /// How a response becomes a `Result` or an `Error`; `nil` uses `DefaultResponser`.
    var responser: (any Responser)? { get }
    /// Maps a successful body.
    var result: Mapper<Result> { get }
    /// Maps an expected error body.
    var error: Mapper<Error> { get }
    /// The storage key; `nil` means `METHOD URL`.
    var storageKey: String? { get }
    /// Seconds a stored response stays valid.
    var validFor: TimeInterval? { get }
    /// The response `sample` mode serves.
    var sample: SampleResponse? { get }
}

extension Spec {
    public var baseURL: String { "" }
    public var transaction: Transaction { .data }
    public var headers: [String: String] { [:] }
    public var encoding: RequestEncoding { .none }
    public var responser: (any Responser)? { nil }
    public var storageKey: String? { nil }
    public var validFor: TimeInterval? { nil }
    public var sample: SampleResponse? { nil }

    public func makeRequest(in context: EndpointContext) throws(TernError) -> Request {
        var request = Request(
            method: method, url: try URLBuilding.url(base: context.resolveBase(baseURL, for: self), path: path),
            headers: try .from(headers),
            transaction: transaction, storageKey: storageKey, validFor: validFor, sample: sample, name: "\(Self.self)"
        )
        try encoding.apply(&request, context.arrayEncoding)
        return request
    }
}

extension Spec where Parameter == Void {
    public var parameter: Void { () }
}

extension Spec where Result: Decodable {
    public var result: Mapper<Result> { .codable }
}

extension Spec where Error: Decodable {
    public var error: Mapper<Error> { .codable }
}

/// How a spec's parameter goes into the request (Dyson's `Request`: none, query, body).
public struct RequestEncoding: Sendable {
    let apply: @Sendable (inout Request, ArrayEncoding) throws(TernError) -> Void

    /// Nothing is added.
    public static var none: RequestEncoding { RequestEncoding { _, _ throws(TernError) in } }

    /// Query parameters, with an optional array encoding of their own.
    public static func query(_ parameters: QueryParameters, arrayEncoding: ArrayEncoding? = nil) -> RequestEncoding {
        RequestEncoding { request, fallback throws(TernError) in
            request.appendQuery(parameters, arrayEncoding: arrayEncoding ?? fallback)
        }
    }

    /// An `Encodable` value flattened into query parameters (its JSON object's fields, sorted).
    public static func query<Value: Encodable>(_ value: Value, arrayEncoding: ArrayEncoding? = nil) -> RequestEncoding {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            let json = try JSONDecoder().decode(JSONValue.self, from: encoder.encode(value))
            guard case .object(let fields) = json else {
                throw TernError(.invalidRequest, "a query value must encode to a JSON object")
            }
            var parameters = QueryParameters()
            for key in fields.keys.sorted() { parameters.set(key, fields[key] ?? .null) }
            return query(parameters, arrayEncoding: arrayEncoding)
        } catch {
            let failure = TernError.wrap(error)
            return RequestEncoding { _, _ throws(TernError) in throw failure }
        }
    }

    /// A body of any kind.
    public static func body(_ body: HTTPBody) -> RequestEncoding {
        RequestEncoding { request, _ throws(TernError) in try request.setBody(body) }
    }

    /// An `Encodable` value as a JSON body.
    public static func body<Value: Encodable>(_ value: Value, encoder: JSONEncoder = JSONEncoder()) -> RequestEncoding {
        body(.json(value, encoder: encoder))
    }
}
