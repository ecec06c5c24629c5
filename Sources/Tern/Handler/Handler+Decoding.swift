public import Foundation

extension Handler {
    /// Sends `endpoint`, checks for a 2xx status and decodes the JSON body into `type`.
    ///
    /// `getValidUntil` computes the stored response's validity from the decoded model (Lynn's shape).
    public func decode<Model: Decodable & Sendable>(
        _ type: Model.Type,
        from endpoint: some Endpoint,
        keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys,
        mode: ResponseMode? = nil,
        getValidUntil: (@Sendable (Model) -> Date?)? = nil
    ) async throws(TernError) -> Model {
        let strategy = UncheckedKeyStrategy(keyDecodingStrategy)
        var validUntil: (@Sendable (Response) -> Date?)?
        if let getValidUntil {
            validUntil = { response in
                guard let model = try? response.decode(Model.self, keyDecodingStrategy: strategy.value) else {
                    return nil
                }
                return getValidUntil(model)
            }
        }
        let response = try await send(endpoint, mode: mode, validUntil: validUntil)
        try response.validate()
        return try response.decode(Model.self, keyDecodingStrategy: keyDecodingStrategy)
    }

    /// Sends a spec and maps the response with its responser: the `Result`, or the spec's `Error`
    /// thrown for an expected error body, or a `TernError`.
    ///
    /// A status a validator refused (`ValidationInterceptor`) still reaches the spec's responser, so an
    /// expected error body decodes to the spec's `Error`; when the responser cannot map it either, the
    /// validator's `.unacceptableStatus` error is thrown.
    public func data<S: Spec>(_ spec: S, mode: ResponseMode? = nil) async throws -> S.Result {
        let responser = spec.responser ?? DefaultResponser()
        let sent: Result<Response, TernError>
        do {
            sent = .success(try await send(spec, mode: mode))
        } catch {
            sent = .failure(error)
        }
        switch sent {
        case .success(let response):
            return try responser.response(response, spec: spec)
        case .failure(let refused):
            guard refused.kind == .unacceptableStatus, let response = refused.response else { throw refused }
            let mapped: Result<S.Result, any Error>
            do {
                mapped = .success(try responser.response(response, spec: spec))
            } catch {
                mapped = .failure(error)
            }
            switch mapped {
            case .success(let value): return value
            case .failure(let error): throw error is TernError ? refused : error
            }
        }
    }

    /// Sends a spec; expected error bodies come back as `.failure(S.Error)` (VSNL's TypedClient),
    /// everything else that goes wrong is thrown as a `TernError`.
    public func result<S: Spec>(_ spec: S, mode: ResponseMode? = nil) async throws(TernError) -> Result<
        S.Result, S.Error
    > {
        do {
            return .success(try await data(spec, mode: mode))
        } catch let expected as S.Error where S.Error.self != NoErrorBody.self {
            return .failure(expected)
        } catch {
            throw TernError.wrap(error)
        }
    }
}
