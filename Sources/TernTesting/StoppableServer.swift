/// A server a test starts, uses and stops.
public protocol StoppableServer: Sendable {
    /// Stops the server and waits until it has exited; idempotent.
    func stop() async
}

extension StoppableServer {
    /// Runs `body` with `server` (already started), then stops it, also when `body` throws.
    public static func running<T>(_ server: Self, _ body: (Self) async throws -> T) async throws -> T {
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}
