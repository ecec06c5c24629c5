import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import Synchronization
import Tern

/// The state of one `URLSessionTask`: its continuation, response head, body or file, progress
/// and redirect count. The session delegate routes callbacks here by task identifier.
///
/// The continuation is resumed exactly once: by `start` when the attempt was aborted before the
/// task ran, otherwise by `complete`, which URLSession calls for every task that was resumed or
/// cancelled (after the task's last data callback, on the same serial queue), or by `abort`
/// (deadline, limits, cancellation), which cancels the task and resumes at once: FoundationNetworking
/// can take very long to complete a cancelled task while a server floods it. A download file is
/// closed first, under its lock, so a late callback writes nothing and a retry never races it.
final class TaskState: Sendable {
    /// What the state needs to know about the request.
    struct Setup: Sendable {
        var label: String
        var maximumRedirects: Int
        var sendsBody: Bool
        var progress: (@Sendable (TransferProgress) -> Void)?
        /// The size limits of the body.
        var limits = TransferLimits()
        /// Told about every byte moved; it aborts the task when a timeout passes.
        var watchdog = AttemptWatchdog(timeout: nil, readTimeout: nil, label: "")
    }

    private enum Phase { case created, running, finished }

    private struct Inner {
        var phase = Phase.created
        var continuation: CheckedContinuation<TransportResponse, any Error>?
        var failure: TernError?
        var head: (status: Int, headers: HTTPFields)?
        var body = Data()
        var plan: DownloadFile.Plan?
        var downloadMeter: TransferMeter?
        var received: Int64 = 0
        var redirects = 0
        var sendsBody: Bool
        var answeredByChallenge = false
    }

    /// The task the callbacks belong to.
    let task: URLSessionTask
    private let setup: Setup
    private let file: DownloadFile?
    private let uploadMeter: TransferMeter?
    private let inner: Mutex<Inner>

    /// Makes the state of `task`; `file` is set for downloads, `uploadMeter` when uploads report progress.
    init(task: URLSessionTask, setup: Setup, file: DownloadFile?, uploadMeter: TransferMeter?) {
        self.task = task
        self.setup = setup
        self.file = file
        self.uploadMeter = uploadMeter
        inner = Mutex(Inner(sendsBody: setup.sendsBody))
    }

    /// Installs the continuation and resumes the task, or fails at once when already aborted.
    func start(_ continuation: CheckedContinuation<TransportResponse, any Error>) {
        let failure: TernError? = inner.withLock { state in
            if let failure = state.failure {
                state.phase = .finished
                return failure
            }
            state.continuation = continuation
            state.phase = .running
            return nil
        }
        guard let failure else {
            task.resume()
            return
        }
        file?.closeAfterFailure()
        continuation.resume(throwing: failure)
        // Never resumed, so nothing was sent; cancelling lets the session forget the task.
        task.cancel()
    }

    /// Records why the attempt ends (first reason wins) and cancels a running task.
    ///
    func abort(_ error: TernError) {
        let (running, early): (Bool, (CheckedContinuation<TransportResponse, any Error>, TernError)?) =
            inner.withLock { state in
                guard state.phase != .finished else { return (false, nil) }
                if state.failure == nil { state.failure = error }
                guard state.phase == .running else { return (false, nil) }
                guard let continuation = state.continuation else { return (true, nil) }
                state.phase = .finished
                state.continuation = nil
                return (true, (continuation, state.failure ?? error))
            }
        if running { task.cancel() }
        if let (continuation, failure) = early {
            file?.closeAfterFailure()
            continuation.resume(throwing: failure)
        }
    }

    /// The response head arrived: positions the download file and sets up download progress.
    func receive(_ response: URLResponse) {
        guard let response = response as? HTTPURLResponse else { return }
        setup.watchdog.touch()
        let head = (status: response.statusCode, headers: response.fields)
        let total = response.expectedContentLength >= 0 ? response.expectedContentLength : nil
        do {
            try setup.limits.checkBody(total ?? 0, download: file != nil, label: setup.label)
        } catch {
            abort(error)
            return
        }
        var plan = DownloadFile.Plan(keep: 0, total: total)
        if let file {
            do {
                plan = try file.begin(status: head.status, headers: head.headers, label: setup.label)
            } catch let error as TernError {
                abort(error)
                return
            } catch {
                abort(TernError(
                    .transport, "cannot write the download file '\(file.url.path)': \(error)",
                    requestLabel: setup.label, underlying: error))
                return
            }
        }
        let meter = TransferMeter.reporting(to: setup.progress, direction: .download, total: plan.total, startingAt: plan.keep)
        inner.withLock { state in
            state.head = head
            state.plan = plan
            state.body = Data()
            state.received = 0
            state.downloadMeter = meter
        }
        uploadMeter?.finish()
    }

    /// A chunk of the body arrived: appended to the file or to the in-memory body.
    func receive(_ data: Data) {
        setup.watchdog.touch()
        let limits = setup.limits
        let download = file != nil
        let (running, meter, overflow): (Bool, TransferMeter?, TernError?) = inner.withLock { state in
            guard state.phase == .running, state.failure == nil else { return (false, nil, nil) }
            state.received += Int64(data.count)
            do throws(TernError) {
                try limits.checkBody(state.received + (state.plan?.keep ?? 0), download: download, label: setup.label)
            } catch {
                return (false, nil, error)
            }
            if !download { state.body.append(data) }
            return (true, state.downloadMeter, nil)
        }
        if let overflow { abort(overflow) }
        guard running else { return }
        if let file {
            do {
                try file.write(data)
            } catch {
                abort(TernError(
                    .transport, "cannot write the download file '\(file.url.path)': \(error)",
                    requestLabel: setup.label, underlying: error))
                return
            }
        }
        meter?.add(data.count)
    }

    /// URLSession sent more of the request body (a running total).
    func sent(totalBytes: Int64) {
        setup.watchdog.touch()
        uploadMeter?.update(to: totalBytes)
    }

    /// Decides a redirect: the request to follow, or `nil` to return the 3xx (or fail, when refused).
    func redirect(_ response: HTTPURLResponse, proposed: URLRequest) -> URLRequest? {
        inner.withLock { state in
            let decision = RedirectRule.decide(
                proposed: proposed, from: response.url, sendsBody: state.sendsBody, followed: state.redirects,
                maximum: setup.maximumRedirects, label: setup.label)
            switch decision {
            case .follow(let request):
                state.redirects += 1
                state.sendsBody = false
                return request
            case .stop:
                return nil
            case .refuse(let error):
                if state.failure == nil { state.failure = error }
                return nil
            }
        }
    }

    /// An authentication challenge came after the whole 401 was delivered: the next
    /// cancellation completes the attempt with that response instead of an error.
    func answerWithChallengedResponse() {
        inner.withLock { $0.answeredByChallenge = true }
    }

    /// The task completed: closes the file, builds the result and resumes the continuation.
    func complete(error: (any Error)?) {
        let outcome: (CheckedContinuation<TransportResponse, any Error>, Result<TransportResponse, TernError>)? =
            inner.withLock { state in
                guard state.phase == .running, let continuation = state.continuation else { return nil }
                state.phase = .finished
                state.continuation = nil
                return (continuation, result(of: state, error: error))
            }
        guard let (continuation, result) = outcome else {
            file?.close()
            return
        }
        switch result {
        case .success:
            file?.close()
            uploadMeter?.finish()
            inner.withLock { $0.downloadMeter }?.finish()
        case .failure:
            file?.closeAfterFailure()
        }
        continuation.resume(with: result)
    }

    private func result(of state: Inner, error: (any Error)?) -> Result<TransportResponse, TernError> {
        if let failure = state.failure { return .failure(failure) }
        if let error, !(state.answeredByChallenge && (error as? URLError)?.code == .cancelled) {
            let expected = state.head?.headers[.contentLength].flatMap { Int64($0) }
            let truncated = expected.map { state.received < $0 } ?? false
            return .failure(URLSessionTransport.map(error, label: setup.label, truncated: truncated))
        }
        guard let head = state.head else {
            return .failure(TernError(.transport, "URLSession completed without a response", requestLabel: setup.label))
        }
        guard let file else {
            return .success(TransportResponse(status: .init(standardCode: head.status), headers: head.headers, body: state.body))
        }
        let plan = state.plan ?? DownloadFile.Plan(keep: 0, total: nil)
        let (status, headers) = DownloadFile.reported(status: head.status, headers: head.headers, plan: plan)
        return .success(TransportResponse(status: .init(standardCode: status), headers: headers, fileURL: file.url))
    }
}
