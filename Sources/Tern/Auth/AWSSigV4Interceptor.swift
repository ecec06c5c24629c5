/// Signs every request with AWS Signature Version 4 in its headers, at the handler clock's time.
///
/// Each attempt is signed afresh (a retry gets a new `X-Amz-Date`). Requests with
/// `requiresAuthentication == false` pass through.
public struct AWSSigV4Interceptor: Interceptor {
    /// The signer.
    public let signer: AWSSigV4Signer

    /// Signs with `signer`.
    public init(signer: AWSSigV4Signer) {
        self.signer = signer
    }

    public func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws
        -> Response
    {
        guard request.requiresAuthentication else { return try await next(request) }
        return try await next(signer.signed(request, at: context.handler.clock.now))
    }
}
