import Foundation
import HTTPTypes
import Testing

@testable import Tern
@testable import TernURLSession

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every transition of a task's state machine, without a session or a socket: waiters are strings.
@Suite("URLSessionTransport: the task state machine")
struct TaskStateMachineTests {
    typealias Machine = TaskStateMachine<String>

    private static func machine(
        download: Bool = false, sendsBody: Bool = false, maximumRedirects: Int = 5, limits: TransferLimits = .init()
    ) -> Machine {
        Machine(
            configuration: .init(
                label: "GET http://a.test/x", maximumRedirects: maximumRedirects, sendsBody: sendsBody,
                download: download, limits: limits))
    }

    private static func head(status: Int = 200, length: Int? = nil, keep: Int64 = 0) -> Machine.Head {
        var headers = HTTPFields()
        if let length { headers[.contentLength] = String(length) }
        return Machine.Head(status: status, headers: headers, plan: .init(keep: keep, total: nil), meter: nil)
    }

    private static func response(status: Int) throws -> HTTPURLResponse {
        let url = try #require(URL(string: "http://a.test/x"))
        return try #require(HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil))
    }

    private static let deadline = TernError(.timeout, "no response before the deadline")
    private static let cancelled = TernError(.cancelled, "the request was cancelled")

    @Test func aRunningTaskCollectsItsBodyAndSucceedsOnce() {
        var machine = Self.machine()
        guard case .resumeTask = machine.start("w") else {
            Issue.record("start did not resume")
            return
        }
        machine.receive(Self.head(status: 201))
        guard case .report(_, 2) = machine.receive(Data("ab".utf8)) else {
            Issue.record("no report")
            return
        }
        guard case .report(_, 2) = machine.receive(Data("cd".utf8)) else {
            Issue.record("no report")
            return
        }
        guard case .succeed(let waiter, let receiving) = machine.complete(error: nil) else {
            Issue.record("expected success")
            return
        }
        #expect(waiter == "w")
        #expect(receiving.head.status == 201)
        #expect(receiving.body == Data("abcd".utf8))
        #expect(receiving.received == 4)
        // Double finish: the waiter is gone, only the file is closed.
        guard case .closeFile = machine.complete(error: nil) else {
            Issue.record("second completion resumed")
            return
        }
        guard case .finished = machine.state else {
            Issue.record("not finished")
            return
        }
    }

    @Test func anAbortBeforeStartFailsTheWaiterWithTheFirstReasonWhenItArrives() {
        var machine = Self.machine()
        guard case .none = machine.abort(Self.deadline) else {
            Issue.record("nothing to cancel yet")
            return
        }
        guard case .none = machine.abort(Self.cancelled) else {
            Issue.record("second abort acted")
            return
        }
        guard case .failBeforeStart(let waiter, let error) = machine.start("w") else {
            Issue.record("start resumed an aborted task")
            return
        }
        #expect(waiter == "w")
        #expect(error.kind == .timeout)
        // The cancelled, never-resumed task still completes: nothing is resumed twice.
        guard case .closeFile = machine.complete(error: URLError(.cancelled)) else {
            Issue.record("resumed")
            return
        }
    }

    @Test func anAbortWhileRunningFailsAtOnceAndLateCallbacksChangeNothing() {
        var machine = Self.machine()
        _ = machine.start("w")
        machine.receive(Self.head())
        guard case .cancelAndFail("w", let error) = machine.abort(Self.cancelled) else {
            Issue.record("abort did not fail the waiter")
            return
        }
        #expect(error.kind == .cancelled)
        guard case .none = machine.abort(Self.deadline) else {
            Issue.record("cancel after finish acted")
            return
        }
        guard case .none = machine.receive(Data("late".utf8)) else {
            Issue.record("late data acted")
            return
        }
        machine.receive(Self.head(status: 500))
        guard case .closeFile = machine.complete(error: URLError(.cancelled)) else {
            Issue.record("resumed")
            return
        }
        guard case .failBeforeStart(_, let twice) = machine.start("again") else {
            Issue.record("restarted")
            return
        }
        #expect(twice.kind == .transport)
    }

    @Test func startingTwiceFailsOnlyTheSecondWaiter() {
        var machine = Self.machine()
        _ = machine.start("first")
        guard case .failBeforeStart("second", _) = machine.start("second") else {
            Issue.record("accepted")
            return
        }
        machine.receive(Self.head())
        guard case .succeed("first", _) = machine.complete(error: nil) else {
            Issue.record("first lost")
            return
        }
    }

    @Test func bodyPastTheLimitFailsAndLaterDataIsIgnored() {
        var machine = Self.machine(limits: TransferLimits(maximumBodyBytes: 3))
        _ = machine.start("w")
        machine.receive(Self.head())
        guard case .report = machine.receive(Data("abc".utf8)) else {
            Issue.record("under the limit")
            return
        }
        guard case .cancelAndFail("w", _) = machine.receive(Data("d".utf8)) else {
            Issue.record("the limit did not fail the task")
            return
        }
        guard case .none = machine.receive(Data("e".utf8)) else {
            Issue.record("data after failure acted")
            return
        }
        guard case .closeFile = machine.complete(error: nil) else {
            Issue.record("resumed twice")
            return
        }
    }

    @Test func downloadsWriteEveryChunkAndCountTheKeptBytesAgainstTheLimit() {
        var machine = Self.machine(download: true, limits: TransferLimits(maximumDownloadBytes: 12))
        _ = machine.start("w")
        machine.receive(Self.head(status: 206, keep: 10))
        guard case .write = machine.receive(Data("ab".utf8)) else {
            Issue.record("no write")
            return
        }
        guard case .cancelAndFail("w", _) = machine.receive(Data("c".utf8)) else {
            Issue.record("no limit")
            return
        }
    }

    @Test func dataBeforeAnyHeadIsIgnoredAndCompletionWithoutAHeadFails() {
        var machine = Self.machine()
        _ = machine.start("w")
        guard case .none = machine.receive(Data("x".utf8)) else {
            Issue.record("headless data acted")
            return
        }
        guard case .fail("w", let error) = machine.complete(error: nil) else {
            Issue.record("succeeded")
            return
        }
        #expect(error.kind == .transport)
    }

    @Test func aBodyShortOfItsLengthIsALostConnection() {
        var machine = Self.machine()
        _ = machine.start("w")
        machine.receive(Self.head(length: 10))
        _ = machine.receive(Data("abcd".utf8))
        guard case .fail("w", let error) = machine.complete(error: URLError(.unknown)) else {
            Issue.record("succeeded")
            return
        }
        #expect(error.kind == .connection)
    }

    @Test func aChallengedResponseCompletesWithTheResponseOnlyAfterTheChallenge() {
        var plain = Self.machine()
        _ = plain.start("w")
        plain.receive(Self.head(status: 401))
        guard case .fail(_, let error) = plain.complete(error: URLError(.cancelled)) else {
            Issue.record("")
            return
        }
        #expect(error.kind == .cancelled)

        var challenged = Self.machine()
        _ = challenged.start("w")
        challenged.receive(Self.head(status: 401))
        challenged.answerWithChallengedResponse()
        guard case .succeed(_, let receiving) = challenged.complete(error: URLError(.cancelled)) else {
            Issue.record("the 401 was not handed back")
            return
        }
        #expect(receiving.head.status == 401)
    }

    @Test func redirectsAreCountedAndStopAtTheMaximum() throws {
        var machine = Self.machine(maximumRedirects: 1)
        let response = try Self.response(status: 302)
        let next = URLRequest(url: try #require(URL(string: "http://a.test/y")))
        #expect(machine.redirect(response, proposed: next) == nil, "no redirect before start")
        _ = machine.start("w")
        #expect(machine.redirect(response, proposed: next)?.url == next.url)
        #expect(machine.redirect(response, proposed: next) == nil)
        guard case .running(let running) = machine.state else {
            Issue.record("not running")
            return
        }
        #expect(running.redirects == 1)
    }

    @Test func aRefusedRedirectFailsTheWaiterWithTheRefusalFirst() throws {
        let response = try Self.response(status: 307)
        var next = URLRequest(url: try #require(URL(string: "http://a.test/y")))
        next.httpMethod = "POST"

        var completed = Self.machine(sendsBody: true)
        _ = completed.start("w")
        #expect(completed.redirect(response, proposed: next) == nil)
        guard case .none = completed.receive(Data("x".utf8)) else {
            Issue.record("data while failing")
            return
        }
        guard case .fail("w", let error) = completed.complete(error: nil) else {
            Issue.record("no fail")
            return
        }
        #expect(error.kind == .unsupported)

        var aborted = Self.machine(sendsBody: true)
        _ = aborted.start("w")
        _ = aborted.redirect(response, proposed: next)
        guard case .cancelAndFail("w", let first) = aborted.abort(Self.deadline) else {
            Issue.record("")
            return
        }
        #expect(first.kind == .unsupported)
        guard case .closeFile = aborted.complete(error: nil) else {
            Issue.record("resumed twice")
            return
        }
    }
}
