public import Foundation

/// A send started with a callback; cancel it to cancel the transfer (even before it started).
public struct SendTask: Sendable {
    private let task: Task<Void, Never>

    init(_ task: Task<Void, Never>) { self.task = task }

    /// Cancels the send; the completion is then called once with a `.cancelled` error.
    public func cancel() { task.cancel() }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { task.isCancelled }

    /// Waits until the completion has been called.
    public func wait() async { await task.value }
}

extension Handler {
    /// Sends `endpoint` and calls `completion` exactly once with the response or the error.
    ///
    /// (Not an overload of `send`, so a trailing closure on `send` is never taken for a completion.)
    @discardableResult
    public func request(
        _ endpoint: some Endpoint, mode: ResponseMode? = nil,
        completion: @escaping @Sendable (Result<Response, TernError>) -> Void
    ) -> SendTask {
        SendTask(
            Task {
                do {
                    completion(.success(try await send(endpoint, mode: mode)))
                } catch {
                    completion(.failure(TernError.wrap(error)))
                }
            }
        )
    }

    /// Lynn's callback shape: decodes a model and calls exactly one of `callback` / `onError`, once.
    @discardableResult
    public func request<Model: Decodable & Sendable>(
        targetGroup: some Endpoint,
        model: Model.Type,
        keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys,
        getValidUntil: (@Sendable (Model) -> Date?)? = nil,
        callback: @escaping @Sendable (Model) -> Void,
        onError: @escaping @Sendable (TernError) -> Void
    ) -> SendTask {
        let strategy = UncheckedKeyStrategy(keyDecodingStrategy)
        return SendTask(
            Task {
                do {
                    callback(
                        try await decode(
                            model, from: targetGroup, keyDecodingStrategy: strategy.value, getValidUntil: getValidUntil
                        )
                    )
                } catch {
                    onError(TernError.wrap(error))
                }
            }
        )
    }
}
