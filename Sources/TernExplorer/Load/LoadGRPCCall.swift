import Foundation
import Synchronization
import Tern
import TernProtobuf

/// A unary gRPC spec under load: its request message encoded once, the call made through the load's
/// handler (its interceptors and connection pool, live, nothing stored), and an answer that is checked
/// read as `send` reads it.
struct LoadGRPCCall: Sendable {
    let call: GRPCSpecCall
    /// The request messages' bytes.
    let messages: [[UInt8]]

    init(_ call: GRPCSpecCall) {
        self.call = call
        messages = call.messages.map { $0.binary() }
    }

    /// Makes the call of `request` once; with `reading`, also the response `expect:` reads.
    func make(_ request: Request, handler: Handler, reading: Bool) async throws(TernError) -> (GRPCStatus, Response?) {
        let received = Mutex<(headers: [GRPCMetadataEntry], messages: [[UInt8]])>(([], []))
        let started = Date()
        let stopwatch = ContinuousClock.now
        let result = try await GRPCCaller(handler).call(
            request, messages: messages, mode: .live, timeout: call.endpoint.timeout,
            maximumReceivedMessageBytes: call.endpoint.maximumReceivedMessageBytes
        ) { event in
            guard reading else { return }
            switch event {
            case .metadata(let headers): received.withLock { $0.headers = headers }
            case .message(let bytes): received.withLock { $0.messages.append(bytes) }
            }
        }
        guard reading else { return (result.status, nil) }
        let (headers, bytes) = received.withLock { ($0.headers, $0.messages) }
        var outcome = GRPCOutcome(url: "", method: call.method.fullName, status: result.status)
        outcome.headers = headers
        for message in bytes {
            guard let decoded = try? DynamicMessage(binary: message, as: call.method.output) else {
                outcome.status = GRPCStatus(
                    code: .internal, message: "a message from the server is not a \(call.method.output.fullName)")
                break
            }
            outcome.messages.append(decoded)
        }
        outcome.details = GRPCDesk.details(of: outcome.status, pool: call.pool)
        return (
            result.status,
            GRPCSpecCall.response(
                outcome, method: call.method, request: request, started: started,
                duration: ContinuousClock.now - stopwatch)
        )
    }
}
