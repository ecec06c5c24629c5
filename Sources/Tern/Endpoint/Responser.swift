import HTTPTypes

/// Decides how a response becomes a spec's `Result` or its expected `Error` (Dyson's `Responser`).
public protocol Responser: Sendable {
    /// Returns the result, throws the spec's `Error` for an expected error body, or a `TernError`.
    func response<S: Spec>(_ response: Response, spec: S) throws -> S.Result
}

/// 2xx maps with `spec.result`; other statuses map with `spec.error` and throw it; a body the error
/// mapper cannot read (or `NoErrorBody`) throws `TernError.unacceptableStatus` with the response.
public struct DefaultResponser: Responser {
    /// The statuses that count as success.
    public var acceptable: Range<Int>

    public init(acceptable: Range<Int> = 200..<300) {
        self.acceptable = acceptable
    }

    public func response<S: Spec>(_ response: Response, spec: S) throws -> S.Result {
        let body = try response.bodyData()
        if acceptable.contains(response.statusCode) {
            do {
                return try spec.result.map(body)
            } catch {
                throw TernError(
                    .decoding, "the body could not be mapped to \(S.Result.self): \(error)",
                    requestLabel: response.request.label, response: response, underlying: error
                )
            }
        }
        let unacceptable = TernError(
            .unacceptableStatus, "the server answered \(response.statusCode) \(response.status.reasonPhrase)",
            requestLabel: response.request.label, response: response
        )
        guard S.Error.self != NoErrorBody.self, let expected = try? spec.error.map(body) else {
            throw unacceptable
        }
        throw expected
    }
}
