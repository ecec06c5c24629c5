import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one session-level delegate of a `URLSessionTransport`: routes every callback by task
/// identifier to that task's `TaskState`.
///
/// Session-level because FoundationNetworking on Linux corrupts downloads with per-task
/// delegates and asks only the session delegate about redirects. URLSession calls it on the
/// transport's serial delegate queue, so one task's callbacks arrive in order.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let states = Mutex<[Int: TaskState]>([:])

    /// Routes the callbacks of `state.task` to `state` until the task completes.
    func register(_ state: TaskState) {
        states.withLock { $0[state.task.taskIdentifier] = state }
    }

    /// How many tasks are still routed (for tests: every task is forgotten once it completes).
    var trackedTaskCount: Int {
        states.withLock { $0.count }
    }

    private func state(of task: URLSessionTask) -> TaskState? {
        states.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        state(of: dataTask)?.receive(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state(of: dataTask)?.receive(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        state(of: task)?.sent(totalBytes: totalBytesSent)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(state(of: task)?.redirect(response, proposed: request))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        // FoundationNetworking raises a challenge for a 401 with `WWW-Authenticate` after the whole
        // response was delivered, and never completes the task on default handling. Credentials
        // are Tern's interceptors' business: hand the 401 back as the response.
        state(of: task)?.answerWithChallengedResponse()
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let state = states.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        state?.complete(error: error)
    }
}
