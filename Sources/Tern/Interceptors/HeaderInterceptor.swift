public import HTTPTypes

/// Sets a header on every request from a value computed at send time (Dyson's `HeaderInterceptor`).
///
/// A header the request already has is left alone unless `overrides` is set; a `nil` value sets nothing.
public struct HeaderInterceptor: Interceptor {
    private let name: HTTPField.Name
    private let value: @Sendable () async -> String?
    private let overrides: Bool

    /// Makes the interceptor for header `name`.
    public init(_ name: HTTPField.Name, overrides: Bool = false, value: @escaping @Sendable () async -> String?) {
        self.name = name
        self.value = value
        self.overrides = overrides
    }

    public func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws
        -> Response
    {
        var request = request
        if overrides || request.headers[name] == nil, let value = await value() {
            request.headers[name] = value
        }
        return try await next(request)
    }
}
