import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import NIOTLS
import Synchronization
import Tern

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps an attempt's `AttemptWatchdog` on the event loop: checks it when a limit could pass and calls
/// `fail` with its error when one did, until `stop()` (no task sleeping beside the attempt).
final class DirectDeadline: Sendable {
    private let watchdog: AttemptWatchdog
    private let loop: any EventLoop
    private let fail: @Sendable (TernError) -> Void
    private let timer = Mutex<(scheduled: Scheduled<Void>?, stopped: Bool)>((nil, false))

    init(_ watchdog: AttemptWatchdog, on loop: any EventLoop, fail: @escaping @Sendable (TernError) -> Void) {
        self.watchdog = watchdog
        self.loop = loop
        self.fail = fail
    }

    /// Checks now and then when the watchdog says; call on the event loop.
    func start() {
        loop.preconditionInEventLoop()
        step()
    }

    /// No more checks.
    func stop() {
        timer.withLock { timer in
            timer.scheduled?.cancel()
            timer = (nil, true)
        }
    }

    private func step() {
        switch watchdog.check() {
        case .failure(let error):
            stop()
            fail(error)
        case .success(let wake?):
            timer.withLock { timer in
                guard !timer.stopped else { return }
                timer.scheduled = loop.scheduleTask(in: .nanoseconds(max(1, wake.saturatingNanoseconds))) {
                    self.step()
                }
            }
        case .success(nil):
            break
        }
    }
}
