import Foundation
import HTTPTypes

/// Sends `Authorization: Basic base64(username:password)` (RFC 7617) with every request that has none.
///
/// Requests with `requiresAuthentication == false` pass through.
public struct BasicAuthInterceptor: Interceptor {
    private let value: String

    /// Signs every request as `username` with `password`.
    public init(username: String, password: String) {
        value = Self.headerValue(username: username, password: password)
    }

    /// `Basic base64(username:password)`, the user name and password in UTF-8.
    public static func headerValue(username: String, password: String) -> String {
        "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }

    public func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws
        -> Response
    {
        guard request.requiresAuthentication, request.headers[.authorization] == nil else {
            return try await next(request)
        }
        var signed = request
        signed.headers[.authorization] = value
        return try await next(signed)
    }
}
