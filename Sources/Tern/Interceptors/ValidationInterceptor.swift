import HTTPTypes

/// Turns responses whose status is not acceptable into `unacceptableStatus` errors carrying the response.
///
/// Without it a 4xx/5xx is a response like any other; with it, callers can rely on `send` meaning success.
public struct ValidationInterceptor: Interceptor {
    private let acceptable: @Sendable (Int) -> Bool

    /// Accepts the statuses in `range` (2xx by default: 200, 201 and 204 are all success).
    public init(acceptable range: Range<Int> = 200..<300) {
        acceptable = { range.contains($0) }
    }

    /// Accepts exactly the statuses in `set`.
    public init(acceptable set: Set<Int>) {
        acceptable = { set.contains($0) }
    }

    public func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws
        -> Response
    {
        let response = try await next(request)
        // A 304 answers the handler's own revalidation of a stored response: not a failure.
        let isRevalidation =
            response.statusCode == 304
            && (request.headers[.ifNoneMatch] != nil || request.headers[.ifModifiedSince] != nil)
        guard acceptable(response.statusCode) || isRevalidation else {
            throw TernError(
                .unacceptableStatus, "the server answered \(response.statusCode) \(response.status.reasonPhrase)",
                requestLabel: request.label, response: response, attempt: context.attempt
            )
        }
        return response
    }
}
