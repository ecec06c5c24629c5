import Foundation
import Tern
import TernWorkspace

/// `expect.timing`: a budget on one phase of a live answer's last attempt (`totalMs < 200`).
///
/// An answer from the cache or a sample was not timed: its budgets are not judged (they pass, saying so),
/// so a chain replayed offline passes as it did live. A phase that did not happen counts as 0 ms (no
/// connect on a reused connection, no TLS over `http`, no separate body write for a body sent with the
/// head). A phase the transport measured only as part of another (the lookup and the TLS handshake inside
/// AsyncHTTPClient's connect) is judged by that one when it settles the question: within a connect of
/// 12 ms, a TLS handshake is under 50 ms; otherwise the check fails, naming what was measured.
enum TimingCheck {
    static func result(
        _ phase: TimingPhase, _ comparison: JSONCheck.Comparison, _ limit: Double, of response: Response
    ) -> ExpectationResult {
        let expected = "\(phase.rawValue) \(comparison.rawValue) \(format(limit)) ms"
        guard response.source == .live else {
            return ExpectationResult(
                expected: expected, actual: "not timed: answered from the \(response.source.rawValue)", passed: true)
        }
        guard let phases = response.phases else {
            return ExpectationResult(expected: expected, actual: "not measured by this transport", passed: false)
        }
        switch measured(phase, in: phases, secure: response.request.url.scheme?.lowercased() == "https") {
        case .value(let duration, let note):
            let milliseconds = duration.milliseconds
            return ExpectationResult(
                expected: expected, actual: "\(format(milliseconds)) ms" + (note.map { " (\($0))" } ?? ""),
                passed: comparison.holds(milliseconds, limit))
        case .within(let outer, let duration):
            let milliseconds = duration.milliseconds
            let upperBoundSettles =
                (comparison == .less || comparison == .lessOrEqual)
                && comparison.holds(milliseconds, limit)
            return ExpectationResult(
                expected: expected,
                actual: "not measured apart: within \(outer.rawValue) \(format(milliseconds)) ms",
                passed: upperBoundSettles)
        case .unknown:
            return ExpectationResult(expected: expected, actual: "not measured by this transport", passed: false)
        }
    }

    private enum Measured {
        /// The phase's duration, with why it is 0 when it did not happen.
        case value(Duration, String?)
        /// Measured only as part of `outer`, which took `duration`.
        case within(TimingPhase, Duration)
        case unknown
    }

    private static func measured(_ phase: TimingPhase, in phases: TransferPhases, secure: Bool) -> Measured {
        let reused = phases.reusedConnection == true
        switch phase {
        case .total: return .value(phases.total, nil)
        case .firstByte: return phases.firstByte.map { .value($0, nil) } ?? .unknown
        case .transfer: return phases.transfer.map { .value($0, nil) } ?? .unknown
        case .send: return .value(phases.send ?? .zero, phases.send == nil ? "sent with the head" : nil)
        case .connect:
            if let connect = phases.connect { return .value(connect, nil) }
            return reused ? .value(.zero, "the connection was open already") : .unknown
        case .dns, .tls:
            if phase == .tls, !secure { return .value(.zero, "no TLS over http") }
            if let own = phase == .dns ? phases.dns : phases.tls { return .value(own, nil) }
            if reused { return .value(.zero, "the connection was open already") }
            return phases.connect.map { .within(.connect, $0) } ?? .unknown
        }
    }

    /// `12.3`, `200`.
    private static func format(_ milliseconds: Double) -> String {
        milliseconds == milliseconds.rounded() && milliseconds < 1e15
            ? String(Int64(milliseconds)) : String(format: "%.1f", milliseconds)  // trap-checked: whole and bounded
    }
}

extension Duration {
    /// The duration in milliseconds.
    fileprivate var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
