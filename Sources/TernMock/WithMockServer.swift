/// Runs `body` with a started ``MockServer`` and shuts it down afterwards, also when `body` throws.
public func withMockServer<T>(
    routes: [MockRoute] = [],
    limits: MockServer.Limits = MockServer.Limits(),
    isolation: isolated (any Actor)? = #isolation,
    _ body: (MockServer) async throws -> T
) async throws -> T {
    let server = try await MockServer.start(routes: routes, limits: limits)
    let result: T
    do {
        result = try await body(server)
    } catch {
        try? await server.shutdown()
        throw error
    }
    try await server.shutdown()
    return result
}
