import Foundation
import HTTPTypes
import Tern

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The life of one `URLSessionTask` as a value: events in, actions out, no I/O.
///
/// Each state carries only the data valid in it. `TaskState` holds the machine under its lock, feeds
/// it the delegate's callbacks and performs the actions it returns (resume or cancel the task, write
/// or close the file, resume the waiter) outside the lock. `Waiter` is the continuation (generic so
/// tests drive the machine with plain tokens). The waiter leaves the machine in exactly one action,
/// so it is resumed exactly once.
struct TaskStateMachine<Waiter> {
    /// What the machine needs to know about the request.
    struct Configuration {
        var label: String
        var maximumRedirects: Int
        var sendsBody: Bool
        var download: Bool
        var limits = TransferLimits()
    }

    /// The response head as the delegate saw it, with how a download continues its file.
    struct Head {
        var status: Int
        var headers: HTTPFields
        var plan: DownloadFile.Plan
        var meter: TransferMeter?
        /// Whether the body is a stream (`StreamFormat`) a consumer watches: it may be stopped early.
        var isStream = false
        /// The codings libcurl undoes as the body arrives (`gzip`), `nil` when the body is as sent.
        var decodedCoding: String? = nil
    }

    /// A response that arrived (a head, and for in-memory requests the body so far).
    struct Receiving {
        var head: Head
        var body = Data()
        var received: Int64 = 0
    }

    /// Where a running task's response is.
    enum Response {
        case awaitingHead
        case receiving(Receiving)
    }

    /// A resumed task.
    struct Running {
        var waiter: Waiter
        var response = Response.awaitingHead
        var redirects = 0
        var sendsBody: Bool
        /// A challenge came after the whole 401: the cancellation that follows completes with it.
        var answeredByChallenge = false
    }

    enum State {
        /// Made, not yet resumed.
        case created
        /// Aborted before `start`: the waiter fails as soon as it arrives.
        case abortedBeforeStart(TernError)
        case running(Running)
        /// A redirect was refused: the task is stopping, its completion fails the waiter with `error`.
        case failing(waiter: Waiter, error: TernError)
        /// The waiter was resumed; late callbacks change nothing.
        case finished
    }

    /// What `start` asks for.
    enum StartAction {
        /// Resume the task.
        case resumeTask
        /// Close the file after a failure, fail the waiter, cancel the never-resumed task.
        case failBeforeStart(Waiter, TernError)
    }

    /// What `abort` asks for.
    enum AbortAction {
        case none
        /// Cancel the task, close the file after a failure and fail the waiter.
        case cancelAndFail(Waiter, TernError)
    }

    /// What a chunk of body asks for.
    enum DataAction {
        case none
        /// The chunk was kept in memory: report it to the meter.
        case report(TransferMeter?, Int)
        /// Write the chunk to the download file, then report it.
        case write(TransferMeter?)
        /// Cancel the task, close the file after a failure and fail the waiter (a limit was passed).
        case cancelAndFail(Waiter, TernError)
    }

    /// What the task's completion asks for.
    enum CompleteAction {
        /// The waiter was already resumed: close the file.
        case closeFile
        /// Close the file, finish the meters, answer the waiter with the head and body.
        case succeed(Waiter, Receiving)
        /// Close the file after a failure and fail the waiter.
        case fail(Waiter, TernError)
    }

    let configuration: Configuration
    private(set) var state = State.created

    init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// The caller is ready to wait: the task starts, or fails when it was aborted already.
    mutating func start(_ waiter: Waiter) -> StartAction {
        switch state {
        case .created:
            state = .running(Running(waiter: waiter, sendsBody: configuration.sendsBody))
            return .resumeTask
        case .abortedBeforeStart(let error):
            state = .finished
            return .failBeforeStart(waiter, error)
        case .running, .failing, .finished:
            return .failBeforeStart(
                waiter,
                TernError(
                    .transport, "the task was started twice", requestLabel: configuration.label))
        }
    }

    /// The attempt ends (deadline, limits, cancellation); the first reason wins.
    mutating func abort(_ error: TernError) -> AbortAction {
        switch state {
        case .created:
            state = .abortedBeforeStart(error)
            return .none
        case .abortedBeforeStart, .finished:
            return .none
        case .running(let running):
            state = .finished
            return .cancelAndFail(running.waiter, error)
        case .failing(let waiter, let first):
            state = .finished
            return .cancelAndFail(waiter, first)
        }
    }

    /// The response head arrived; a later head (after a redirect) starts the body afresh.
    mutating func receive(_ head: Head) {
        guard case .running(var running) = state else { return }
        running.response = .receiving(Receiving(head: head))
        state = .running(running)
    }

    /// A chunk of the body arrived: counted against the limits, kept in memory unless downloading.
    mutating func receive(_ data: Data) -> DataAction {
        guard case .running(var running) = state, case .receiving(var receiving) = running.response else {
            return .none
        }
        // Hand the body back to the state only once, so appending never copies it.
        state = .finished
        receiving.received += Int64(data.count)
        do throws(TernError) {
            if let coding = receiving.head.decodedCoding {
                try configuration.limits.checkDecoded(receiving.received, coding: coding, label: configuration.label)
            } else {
                try configuration.limits.checkBody(
                    receiving.received + receiving.head.plan.keep, download: configuration.download,
                    label: configuration.label)
            }
        } catch {
            return .cancelAndFail(running.waiter, error)
        }
        if !configuration.download { receiving.body.append(data) }
        let meter = receiving.head.meter
        running.response = .receiving(receiving)
        state = .running(running)
        return configuration.download ? .write(meter) : .report(meter, data.count)
    }

    /// The consumer ended a stream early: what arrived is the response, and the task is cancelled.
    /// Nothing happens unless a stream's body is being received.
    mutating func stopEarly() -> Waiter? {
        guard case .running(let running) = state, case .receiving(let receiving) = running.response,
            receiving.head.isStream
        else { return nil }
        state = .finished
        return running.waiter
    }

    /// The body received so far, while receiving.
    var receivedSoFar: Receiving? {
        guard case .running(let running) = state, case .receiving(let receiving) = running.response else {
            return nil
        }
        return receiving
    }

    /// Decides a redirect: the request to follow, or `nil` to return the 3xx (or fail, when refused).
    mutating func redirect(_ response: HTTPURLResponse, proposed: URLRequest) -> URLRequest? {
        guard case .running(var running) = state else { return nil }
        let decision = RedirectRule.decide(
            proposed: proposed, from: response.url, sendsBody: running.sendsBody, followed: running.redirects,
            maximum: configuration.maximumRedirects, label: configuration.label)
        switch decision {
        case .follow(let request):
            running.redirects += 1
            running.sendsBody = false
            state = .running(running)
            return request
        case .stop:
            return nil
        case .refuse(let error):
            state = .failing(waiter: running.waiter, error: error)
            return nil
        }
    }

    /// An authentication challenge came after the whole 401 was delivered.
    mutating func answerWithChallengedResponse() {
        guard case .running(var running) = state else { return }
        running.answeredByChallenge = true
        state = .running(running)
    }

    /// URLSession completed the task, with `error` when it failed or was cancelled.
    mutating func complete(error: (any Error)?) -> CompleteAction {
        switch state {
        case .created, .abortedBeforeStart, .finished:
            return .closeFile
        case .failing(let waiter, let failure):
            state = .finished
            return .fail(waiter, failure)
        case .running(let running):
            state = .finished
            let receiving: Receiving? = if case .receiving(let value) = running.response { value } else { nil }
            let isCancellation = (error as? URLError)?.code == .cancelled
            if let error, !(running.answeredByChallenge && isCancellation) {
                // A head with a length the body fell short of: the connection was lost mid-body.
                let expected = receiving?.head.headers[.contentLength].flatMap { Int64($0) }
                let truncated = expected.map { (receiving?.received ?? 0) < $0 } ?? false
                return .fail(
                    running.waiter,
                    URLSessionTransport.map(
                        error, label: configuration.label, truncated: truncated))
            }
            guard let receiving else {
                return .fail(
                    running.waiter,
                    TernError(
                        .transport, "URLSession completed without a response", requestLabel: configuration.label))
            }
            return .succeed(running.waiter, receiving)
        }
    }
}

extension TaskStateMachine: Sendable where Waiter: Sendable {}
extension TaskStateMachine.Configuration: Sendable where Waiter: Sendable {}
extension TaskStateMachine.Head: Sendable where Waiter: Sendable {}
extension TaskStateMachine.Receiving: Sendable where Waiter: Sendable {}
extension TaskStateMachine.Response: Sendable where Waiter: Sendable {}
extension TaskStateMachine.Running: Sendable where Waiter: Sendable {}
extension TaskStateMachine.State: Sendable where Waiter: Sendable {}
extension TaskStateMachine.StartAction: Sendable where Waiter: Sendable {}
extension TaskStateMachine.AbortAction: Sendable where Waiter: Sendable {}
extension TaskStateMachine.DataAction: Sendable where Waiter: Sendable {}
extension TaskStateMachine.CompleteAction: Sendable where Waiter: Sendable {}
