import Foundation
import HTTPTypes
import Synchronization
import Tern

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The state of one `URLSessionTask`: a `TaskStateMachine` under a lock, fed by the session
/// delegate's callbacks (routed here by task identifier), and the I/O its actions ask for.
///
/// The continuation is resumed exactly once: by `start` when the attempt was aborted before the
/// task ran, otherwise by `complete`, which URLSession calls for every task that was resumed or
/// cancelled (after the task's last data callback, on the same serial queue), or by `abort`
/// (deadline, limits, cancellation), which cancels the task and resumes at once: FoundationNetworking
/// can take very long to complete a cancelled task while a server floods it. A download file is
/// closed first, under its lock, so a late callback writes nothing and a retry never races it.
final class TaskState: Sendable {
    typealias Continuation = CheckedContinuation<TransportResponse, any Error>
    typealias Machine = TaskStateMachine<Continuation>

    /// What the state needs to know about the request.
    struct Setup: Sendable {
        var label: String
        var method: HTTPRequest.Method = .get
        var maximumRedirects: Int
        var sendsBody: Bool
        var progress: (@Sendable (TransferProgress) -> Void)?
        /// The size limits of the body.
        var limits = TransferLimits()
        /// Told about every byte moved; it aborts the task when a timeout passes.
        var watchdog = AttemptWatchdog(timeout: nil, readTimeout: nil, label: "")
        /// Sees the head and each chunk of an in-memory body (`TransportContext.onStream`).
        var onStream: (@Sendable (StreamPart) -> Void)?
    }

    /// The task the callbacks belong to.
    let task: URLSessionTask
    private let setup: Setup
    private let file: DownloadFile?
    private let uploadMeter: TransferMeter?
    private let machine: Mutex<Machine>

    /// Makes the state of `task`; `file` is set for downloads, `uploadMeter` when uploads report progress.
    init(task: URLSessionTask, setup: Setup, file: DownloadFile?, uploadMeter: TransferMeter?) {
        self.task = task
        self.setup = setup
        self.file = file
        self.uploadMeter = uploadMeter
        machine = Mutex(
            Machine(
                configuration: .init(
                    label: setup.label, maximumRedirects: setup.maximumRedirects, sendsBody: setup.sendsBody,
                    download: file != nil, limits: setup.limits)))
    }

    /// Installs the continuation and resumes the task, or fails at once when already aborted.
    func start(_ continuation: Continuation) {
        switch machine.withLock({ $0.start(continuation) }) {
        case .resumeTask:
            task.resume()
        case .failBeforeStart(let continuation, let failure):
            file?.closeAfterFailure()
            continuation.resume(throwing: failure)
            // Never resumed, so nothing was sent; cancelling lets the session forget the task.
            task.cancel()
        }
    }

    /// Records why the attempt ends (first reason wins) and cancels a running task.
    func abort(_ error: TernError) {
        switch machine.withLock({ $0.abort(error) }) {
        case .none:
            break
        case .cancelAndFail(let continuation, let failure):
            cancel(failing: continuation, with: failure)
        }
    }

    private func cancel(failing continuation: Continuation, with failure: TernError) {
        task.cancel()
        file?.closeAfterFailure()
        continuation.resume(throwing: failure)
    }

    /// The response head arrived: positions the download file and sets up download progress.
    func receive(_ response: URLResponse) {
        guard let response = response as? HTTPURLResponse else { return }
        setup.watchdog.touch()
        let status = response.statusCode
        let headers = response.fields
        let total = response.expectedContentLength >= 0 ? response.expectedContentLength : nil
        do {
            try setup.limits.checkBody(
                TransferLimits.announcedBody(total, method: setup.method, status: status), download: file != nil,
                label: setup.label)
        } catch {
            abort(error)
            return
        }
        var plan = DownloadFile.Plan(keep: 0, total: total)
        if let file {
            do {
                plan = try file.begin(status: status, headers: headers, label: setup.label)
            } catch let error as TernError {
                abort(error)
                return
            } catch {
                abort(writeFailure(error))
                return
            }
        }
        let meter = TransferMeter.reporting(
            to: setup.progress, direction: .download, total: plan.total, startingAt: plan.keep)
        var head = Machine.Head(status: status, headers: headers, plan: plan, meter: meter)
        let streamed = setup.onStream != nil && file == nil
        if streamed, StreamFormat(headers: headers) != nil {
            head.isStream = true
            setup.watchdog.liftDeadline()
        }
        let codings = ContentDecoder.codings(headers)
        if file == nil, ContentDecoder.decodesAll(codings) { head.decodedCoding = codings.joined(separator: ", ") }
        machine.withLock { $0.receive(head) }
        uploadMeter?.finish()
        // After the machine has the head, so a stop that follows the consumer seeing it finds the stream.
        if streamed { setup.onStream?(.head(status: .init(standardCode: status), headers: headers)) }
    }

    /// A chunk of the body arrived: appended to the file or to the in-memory body.
    func receive(_ data: Data) {
        setup.watchdog.touch()
        switch machine.withLock({ $0.receive(data) }) {
        case .none:
            break
        case .report(let meter, let count):
            setup.onStream?(.chunk(Array(data)))
            meter?.add(count)
        case .write(let meter):
            do {
                try file?.write(data)
            } catch {
                abort(writeFailure(error))
                return
            }
            meter?.add(data.count)
        case .cancelAndFail(let continuation, let failure):
            cancel(failing: continuation, with: failure)
        }
    }

    /// The consumer ended a stream early: the attempt succeeds with what arrived, marked `stoppedEarly`.
    func stopEarly() {
        let stopped = machine.withLock { machine -> (Continuation, Machine.Receiving)? in
            guard let receiving = machine.receivedSoFar, let waiter = machine.stopEarly() else { return nil }
            return (waiter, receiving)
        }
        guard let (continuation, receiving) = stopped else { return }
        task.cancel()
        receiving.head.meter?.finish()
        var reply = response(receiving)
        reply.stoppedEarly = true
        continuation.resume(returning: reply)
    }

    private func writeFailure(_ error: any Error) -> TernError {
        TernError(
            .transport, "cannot write the download file '\(file?.url.path ?? "")': \(error)",
            requestLabel: setup.label, underlying: error)
    }

    /// URLSession sent more of the request body (a running total).
    func sent(totalBytes: Int64) {
        setup.watchdog.touch()
        uploadMeter?.update(to: totalBytes)
    }

    /// Decides a redirect: the request to follow, or `nil` to return the 3xx (or fail, when refused).
    func redirect(_ response: HTTPURLResponse, proposed: URLRequest) -> URLRequest? {
        machine.withLock { $0.redirect(response, proposed: proposed) }
    }

    /// An authentication challenge came after the whole 401 was delivered: the next
    /// cancellation completes the attempt with that response instead of an error.
    func answerWithChallengedResponse() {
        machine.withLock { $0.answerWithChallengedResponse() }
    }

    /// The task completed: closes the file, builds the result and resumes the continuation.
    func complete(error: (any Error)?) {
        switch machine.withLock({ $0.complete(error: error) }) {
        case .closeFile:
            file?.close()
        case .succeed(let continuation, let receiving):
            file?.close()
            uploadMeter?.finish()
            receiving.head.meter?.finish()
            continuation.resume(returning: response(receiving))
        case .fail(let continuation, let failure):
            file?.closeAfterFailure()
            continuation.resume(throwing: failure)
        }
    }

    private func response(_ receiving: Machine.Receiving) -> TransportResponse {
        let head = receiving.head
        guard let file else {
            var response = TransportResponse(
                status: .init(standardCode: head.status), headers: head.headers, body: receiving.body)
            if let coding = head.decodedCoding, !receiving.body.isEmpty {
                response.contentDecoding = ContentDecoding(
                    encoding: coding, encodedByteCount: head.headers[.contentLength].flatMap { Int64($0) },
                    decodedByteCount: Int64(receiving.body.count))
            }
            return response
        }
        let (status, headers) = DownloadFile.reported(status: head.status, headers: head.headers, plan: head.plan)
        return TransportResponse(status: .init(standardCode: status), headers: headers, fileURL: file.url)
    }
}
