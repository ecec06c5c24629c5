import NIOCore
import NIOHTTP1

/// Picks the answer for a request: canned routes first, then the built-in routes.
struct MockRouter: Sendable {
    /// The largest request body collected in memory; longer bodies get 413.
    static let maxCollectedBody = 64 * 1024 * 1024

    let state: MockServerState

    /// Answers one request, reading as much of its body as the route needs.
    func respond(to request: MockRequest, body: inout RequestReader, writer: ResponseWriter) async throws
        -> ResponseOutcome
    {
        state.recordRequest(path: request.path)
        await state.routeGate.pass()
        if let route = state.cannedRoute(method: request.method, path: request.path) {
            try await body.drainBody()
            if let delay = route.response.delay {
                try await Task.sleep(for: delay)
            }
            return try await writer.send(route.response)
        }
        if request.segments == ["upload"] && request.isMethod("POST", "PUT") {
            return try await UploadRoute.respond(to: request, body: &body, state: state, writer: writer)
        }
        if request.segments.first == "echo" {
            return try await EchoRoute.respond(to: request, body: &body, writer: writer)
        }
        let tooLarge = MockResponse.json(.object([("error", .string("payload too large"))]), status: 413)
        // A declared length over the limit is refused before a byte of the body is read.
        if let declared = request.headers.first(name: "content-length").flatMap(Int.init),
            declared > Self.maxCollectedBody
        {
            return try await writer.closingConnection().send(tooLarge)
        }
        guard let collected = try await body.collectBody(upTo: Self.maxCollectedBody) else {
            return try await writer.closingConnection().send(tooLarge)
        }
        let exchange = MockExchange(request: request, body: collected, state: state, writer: writer)
        return try await BuiltinRoutes.respond(to: exchange)
    }
}
