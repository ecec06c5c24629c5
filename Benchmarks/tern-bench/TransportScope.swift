import Tern
import TernHTTPClient

/// Runs `body` with a fresh `HTTPClientTransport` on the default `TransportConfiguration` and
/// shuts it down afterwards, also when `body` throws (a client dropped unshut is a crash).
func withHTTPClientTransport<Result>(
    _ body: (HTTPClientTransport) async throws -> Result
) async throws -> Result {
    let transport = HTTPClientTransport(configuration: TransportConfiguration())
    do {
        let result = try await body(transport)
        try await transport.shutdown()
        return result
    } catch {
        try? await transport.shutdown()
        throw error
    }
}

/// Times `body` on the continuous clock, in seconds.
func measure<Value>(_ body: () async throws -> Value) async rethrows -> (Value, seconds: Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let value = try await body()
    return (value, (clock.now - start).seconds)
}
