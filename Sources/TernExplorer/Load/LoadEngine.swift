import Foundation
import HTTPTypes
import Synchronization
import Tern
import TernWorkspace

/// Sends a load's requests and measures them. Open loop: request `i` is meant to start at
/// `start + i / rate`; at most `connections` clients take the next request in turn, wait for its
/// intended start if it is ahead, and measure its latency from that intended start, so time spent
/// queued behind slow answers counts (no coordinated omission). Closed loop: each client sends again
/// as soon as its answer came, and latency is measured from the actual start.
///
/// HTTP requests go on the wire (`WireLoadDriver`, on SwiftNIO: connections of the load's own, no task per
/// request) when the transport has a driver that takes them all; otherwise (gRPC calls, a proxy, a body
/// streamed from a file, a request signed each time) each client sends through the handler.
struct LoadEngine: Sendable {
    let targets: [LoadTarget]
    let handler: Handler
    let options: LoadOptions
    /// Masks secrets in what a failed check says (it is printed and written to reports).
    let redactor: Redactor
    /// The driver and each target's request as it goes on the wire, for a load that goes on the wire.
    var wire: (driver: any WireLoadDriver, requests: [Request])? = nil

    /// Runs the load to its end (or until the task is cancelled) and reports.
    func run(progress: @escaping @Sendable (LoadFigures) -> Void) async -> LoadReport {
        if let wire { return await runOnWire(wire.driver, requests: wire.requests, progress: progress) }
        let recorder = LoadRecorder()
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .seconds(options.duration)
        let tickets = Tickets()
        let clients = options.clients
        // Requests meant to start before the deadline are all sent and waited for (dropping the queued
        // ones would hide the very latency the open loop measures), but not past the cut-off.
        let cutOff = deadline + .seconds(max(Self.minimumDrain, options.duration))
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await Self.reportLive(recorder, since: start, clock: clock, to: progress)
                return false
            }
            group.addTask {
                try? await Task.sleep(until: cutOff, clock: clock)
                return false
            }
            for _ in 0..<clients {
                group.addTask {
                    await client(tickets: tickets, start: start, deadline: deadline, clock: clock, recorder: recorder)
                    return true
                }
            }
            // The load ends when every client has, or at the cut-off; the other tasks are stopped then.
            var finished = 0
            while let isClient = await group.next() {
                if isClient { finished += 1 }
                if finished == clients || clock.now >= cutOff {
                    group.cancelAll()
                }
            }
        }
        // Requests meant to start that no client took before the cut-off (the server stalled them all)
        // are counted too: leaving them out would hide the stall.
        if case .rate = options.arrivals, !Task.isCancelled {
            let unsent = options.requestCount - min(tickets.issued, options.requestCount)
            if unsent > 0 { recorder.recordUnsent(unsent) }
        }
        return report(recorder, elapsed: (clock.now - start).seconds, stoppedEarly: Task.isCancelled)
    }

    /// The report of what `recorder` recorded in `elapsed` seconds.
    private func report(_ recorder: LoadRecorder, elapsed: Double, stoppedEarly: Bool) -> LoadReport {
        LoadReport(
            specs: targets.map(\.id).reduce(into: []) { ids, id in if !ids.contains(id) { ids.append(id) } },
            rows: options.data.map { ($0.file, $0.count) }, arrivals: options.arrivals, duration: options.duration,
            // The rate is over the time asked for, or longer when the last answers came after it: a load that
            // kept up reports the rate asked, one that fell behind less.
            stoppedEarly: stoppedEarly,
            figures: recorder.figures(elapsed: max(stoppedEarly ? elapsed : max(elapsed, options.duration), 0.001)))
    }

    /// The load on the wire: `driver` sends `requests` (the targets' own, as they go on the wire) on its own
    /// connections, one record a loop; the figures go to `progress` about once a second meanwhile.
    private func runOnWire(
        _ driver: any WireLoadDriver, requests: [Request], progress: @escaping @Sendable (LoadFigures) -> Void
    ) async -> LoadReport {
        let recorder = LoadRecorder(shards: driver.shards)
        let arrivals: WireLoad.Arrivals =
            switch options.arrivals {
            case .rate(let rate, let connections): .rate(rate, connections: connections, count: options.requestCount)
            case .concurrency(let clients): .closed(connections: clients)
            }
        let load = WireLoad(
            requests: requests, arrivals: arrivals, duration: .seconds(options.duration),
            cutOff: .seconds(options.duration + max(Self.minimumDrain, options.duration)),
            checkEvery: options.checkEvery)
        let observer = LoadObserver(targets: targets, handler: handler, recorder: recorder, redactor: redactor)
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = await withTaskGroup(of: WireLoadOutcome?.self) { group in
            group.addTask {
                await Self.reportLive(recorder, since: start, clock: clock, to: progress)
                return nil
            }
            group.addTask { await driver.run(load, observer: observer) }
            var outcome: WireLoadOutcome?
            while let next = await group.next() {
                if let next {
                    outcome = next
                    group.cancelAll()
                }
            }
            return outcome
                ?? WireLoadOutcome(started: 0, connections: ConnectionCount(opened: 0, mostOpen: 0), stoppedEarly: true)
        }
        if case .rate = options.arrivals, !outcome.stoppedEarly {
            let unsent = options.requestCount - min(outcome.started, options.requestCount)
            if unsent > 0 { recorder.recordUnsent(unsent) }
        }
        var report = report(recorder, elapsed: (clock.now - start).seconds, stoppedEarly: outcome.stoppedEarly)
        report.connections = outcome.connections
        report.engine = .wire(loops: driver.shards, protocols: outcome.protocols)
        return report
    }

    /// The live figures, about once a second, until the task is cancelled (either engine's load ends).
    private static func reportLive(
        _ recorder: LoadRecorder, since start: ContinuousClock.Instant, clock: ContinuousClock,
        to progress: @escaping @Sendable (LoadFigures) -> Void
    ) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            if !Task.isCancelled { progress(recorder.figures(elapsed: (clock.now - start).seconds)) }
        }
    }

    /// After the deadline, answers are waited for this long at least (or the load's duration, if longer).
    static let minimumDrain = 10.0

    /// One client: takes tickets until the load is over.
    private func client(
        tickets: Tickets, start: ContinuousClock.Instant, deadline: ContinuousClock.Instant,
        clock: ContinuousClock, recorder: LoadRecorder
    ) async {
        while !Task.isCancelled {
            let ticket = tickets.next()
            let intended: ContinuousClock.Instant
            switch options.arrivals {
            case .rate(let rate, _):
                guard ticket < options.requestCount else { return }
                intended = start + .seconds(Double(ticket) / rate)
                if intended > clock.now { try? await Task.sleep(until: intended, clock: clock) }
                if Task.isCancelled { return }
            case .concurrency:
                intended = clock.now
                guard intended < deadline else { return }
            }
            let target = targets[ticket % targets.count]
            let checking = options.checkEvery > 0 && ticket % options.checkEvery == 0
            do {
                let response: Response?
                if let call = target.grpc {
                    let (status, answer) = try await call.make(target.request, handler: handler, reading: checking)
                    recorder.record(latency: clock.now - intended, grpcStatus: status.code)
                    response = answer
                } else {
                    let answer = try await handler.send(target.request)
                    recorder.record(latency: clock.now - intended, status: answer.statusCode, error: nil)
                    response = checking ? answer : nil
                }
                if let response {
                    recorder.recordCheck(
                        failed: Self.firstFailure(of: response, in: target, redactor: redactor).map {
                            redactor.redact($0)
                        })
                }
            } catch {
                let cause = Task.isCancelled ? "not answered before the load ended" : Self.cause(error)
                recorder.record(latency: clock.now - intended, status: nil, error: cause)
                if Task.isCancelled { return }
            }
        }
    }

    /// The first expectation of `target` the answer fails, as `SPEC: expected — got actual`.
    static func firstFailure(of response: Response, in target: LoadTarget, redactor: Redactor) -> String? {
        var facts = ResponseFacts(response)
        let results = Expectations.evaluate(target.expectations, on: &facts, root: target.root, redactor: redactor)
        if let failed = results.first(where: { !$0.passed }) {
            return "\(target.key): \(failed.expected) — got \(failed.actual)"
        }
        if target.grpc != nil {
            // A call that does not end OK fails, unless the spec expects its status.
            let declared = target.expectations.contains { if case .grpcStatus = $0 { true } else { false } }
            let code = HTTPField.Name("grpc-status").flatMap { response.headers[$0] } ?? "2"
            let name = HTTPField.Name("grpc-status-name").flatMap { response.headers[$0] } ?? code
            return !declared && code != "0" ? "\(target.key): gRPC status OK — got \(name)" : nil
        }
        let declaresStatus = target.expectations.contains { if case .status = $0 { true } else { false } }
        return !declaresStatus && response.statusCode >= 400
            ? "\(target.key): status below 400 — got \(response.statusCode)" : nil
    }

    /// A failure's cause in a few words (`connection failed`, `timed out`).
    private static func cause(_ error: any Error) -> String {
        (error as? TernError)?.kind.summary ?? "error"
    }
}

/// Records a wire load's answers, each loop's in its own record, and checks the answers handed to it.
private struct LoadObserver: WireLoadObserver {
    let targets: [LoadTarget]
    let handler: Handler
    let recorder: LoadRecorder
    let redactor: Redactor

    func answered(request: Int, status: Int, latency: Duration, shard: Int) {
        recorder.record(latency: latency, status: status, error: nil, shard: shard)
    }

    func failed(request: Int, cause: String, latency: Duration, shard: Int) {
        recorder.record(latency: latency, status: nil, error: cause, shard: shard)
    }

    func check(request: Int, answer: TransportResponse, shard: Int) {
        let target = targets[request]
        let failure: String?
        do {
            let response = try handler.liveResponse(answer, to: target.request, duration: answer.phases?.total ?? .zero)
            failure = LoadEngine.firstFailure(of: response, in: target, redactor: redactor)
        } catch {
            failure = "\(target.key): \(error.message)"
        }
        recorder.recordCheck(failed: failure.map { redactor.redact($0) }, shard: shard)
    }
}

/// The requests' numbers, handed out in order to whichever client asks next.
private final class Tickets: Sendable {
    private let counter = Atomic<Int>(0)

    func next() -> Int { counter.wrappingAdd(1, ordering: .relaxed).oldValue }

    /// How many tickets were handed out.
    var issued: Int { counter.load(ordering: .relaxed) }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
