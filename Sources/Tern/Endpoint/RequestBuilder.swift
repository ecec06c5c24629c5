import Foundation
import HTTPTypes

/// A step that shapes a request; steps chain with `compose`.
public typealias RequestBuilder = @Sendable (Request) throws -> Request

/// Chains builders left to right.
public func compose(_ builders: RequestBuilder...) -> RequestBuilder {
    { request in try builders.reduce(request) { current, builder in try builder(current) } }
}

/// Sets one property of the request through its key path (`set(\.timeout, .seconds(5))`).
public func set<Value: Sendable>(_ keyPath: any WritableKeyPath<Request, Value> & Sendable, _ value: Value)
    -> RequestBuilder
{
    { request in
        var request = request
        request[keyPath: keyPath] = value
        return request
    }
}

/// Adds headers, replacing values of the same names.
public func addHeaders(_ headers: [String: String]) -> RequestBuilder {
    { request in
        var request = request
        for field in try HTTPFields.from(headers) {
            request.headers[field.name] = field.value
        }
        return request
    }
}

/// Appends query parameters.
public func addQuery(_ parameters: QueryParameters, arrayEncoding: ArrayEncoding = .individual) -> RequestBuilder {
    { request in
        var request = request
        request.appendQuery(parameters, arrayEncoding: arrayEncoding)
        return request
    }
}

/// Sets the body.
public func setBody(_ body: HTTPBody) -> RequestBuilder {
    { request in
        var request = request
        try request.setBody(body)
        return request
    }
}
