public import Foundation

/// A send in flight with its own progress stream (STRV's `progressStream`): for downloads and uploads.
///
/// ```swift
/// let transfer = handler.download(FilesAPI.archive, to: destination)
/// for await progress in transfer.progress { print(progress.bytes, progress.total ?? -1) }
/// let response = try await transfer.response()
/// ```
/// The stream finishes when the send completes, fails or is cancelled.
public struct Transfer: Sendable {
    /// Cumulative progress of every body that moves (uploads and downloads).
    public let progress: AsyncStream<TransferProgress>
    private let task: Task<Response, any Error>

    init(progress: AsyncStream<TransferProgress>, task: Task<Response, any Error>) {
        self.progress = progress
        self.task = task
    }

    /// Waits for the response.
    public func response() async throws(TernError) -> Response {
        do {
            return try await task.value
        } catch {
            throw TernError.wrap(error)
        }
    }

    /// Cancels the transfer; `response()` then throws `.cancelled` and the progress stream ends.
    public func cancel() {
        task.cancel()
    }
}

extension Handler {
    /// Starts sending `endpoint` and returns at once with its progress stream.
    public func transfer(_ endpoint: some Endpoint, mode: ResponseMode? = nil) -> Transfer {
        let (stream, continuation) = AsyncStream.makeStream(
            of: TransferProgress.self, bufferingPolicy: .bufferingNewest(256))
        let task = Task {
            defer { continuation.finish() }
            return try await send(
                endpoint, mode: mode,
                onEvent: { event in
                    if case .progress(let progress) = event.kind { continuation.yield(progress) }
                }
            )
        }
        return Transfer(progress: stream, task: task)
    }

    /// Downloads `endpoint` into `destination` (a temporary file when `nil`), streamed, resumable on retry.
    public func download(_ endpoint: some Endpoint, to destination: URL? = nil, mode: ResponseMode? = .live) -> Transfer
    {
        transfer(Retransacted(endpoint: endpoint, transaction: .download, destination: destination), mode: mode)
    }

    /// Uploads `endpoint`'s body (a file, data or multipart form), streamed with progress.
    public func upload(_ endpoint: some Endpoint, mode: ResponseMode? = .live) -> Transfer {
        transfer(Retransacted(endpoint: endpoint, transaction: .upload, destination: nil), mode: mode)
    }
}

/// An endpoint lowered with another transaction (and download destination).
private struct Retransacted<Base: Endpoint>: Endpoint {
    let endpoint: Base
    let transaction: Transaction
    let destination: URL?

    func makeRequest(in context: EndpointContext) throws(TernError) -> Request {
        var request = try endpoint.makeRequest(in: context)
        request.transaction = transaction
        if let destination { request.downloadDestination = destination }
        return request
    }
}
