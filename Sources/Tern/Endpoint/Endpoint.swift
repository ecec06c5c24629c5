public import Foundation
import HTTPTypes

/// Anything that lowers to a `Request`: a TargetGroup case, a Spec, a Route, a workspace spec, a `Request`.
public protocol Endpoint: Sendable {
    /// The request this endpoint stands for; throws `invalidRequest` for a bad URL or body.
    func makeRequest(in context: EndpointContext) throws(TernError) -> Request
}

/// What lowering may use from the handler: its default base URL and array encoding.
public struct EndpointContext: Sendable {
    /// The handler's base URL, for endpoints that do not name their own.
    public var baseURL: URL?
    /// The handler's array encoding, for endpoints that do not choose one.
    public var arrayEncoding: ArrayEncoding

    public init(baseURL: URL? = nil, arrayEncoding: ArrayEncoding = .individual) {
        self.baseURL = baseURL
        self.arrayEncoding = arrayEncoding
    }
}

extension EndpointContext {
    /// `own` when it is set, else the handler's base URL; neither is an `invalidRequest` naming `endpoint`.
    func resolveBase(_ own: String, for endpoint: some Endpoint) throws(TernError) -> String {
        if !own.isEmpty { return own }
        guard let baseURL else {
            throw TernError(.invalidRequest, "\(endpoint) has no baseURL and the handler has no default base URL")
        }
        return baseURL.absoluteString
    }
}

extension Request: Endpoint {
    /// A request is already lowered.
    public func makeRequest(in context: EndpointContext) -> Request { self }
}

extension HTTPFields {
    /// Header fields from a plain dictionary; a name that is not a valid field name is an error.
    static func from(_ dictionary: [String: String]) throws(TernError) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            guard let fieldName = HTTPField.Name(name) else {
                throw TernError(.invalidRequest, "'\(name)' is not a valid header name")
            }
            fields.append(HTTPField(name: fieldName, value: value))
        }
        return fields
    }
}
