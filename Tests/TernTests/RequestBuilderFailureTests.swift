import Foundation
import TernTesting
import Testing

@testable import Tern

@Suite("A request builder that throws")
struct RequestBuilderFailureTests {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "no signing key" }
    }

    @Test("is an invalid request, not transient, never sent nor retried")
    func invalidRequest() async throws {
        let transport = InMemoryTransport { _, _ in .json("{}") }
        let handler = Handler(
            transport: transport, retryPolicy: .constant(.milliseconds(1), limit: 3),
            defaults: SessionDefaults(baseURL: URL(string: "http://127.0.0.1:9")), clock: TestClock())
        let failing = UserRouter.echo.with { _ in throw Refused() }
        let error = await #expect(throws: TernError.self) { try await handler.send(failing) }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.isTransient == false)
        #expect(error?.message.contains("no signing key") == true)
        #expect(error?.underlying is Refused)
        #expect(transport.requestCount == 0)
    }

    @Test("keeps the kind of a TernError it throws")
    func ternErrorKeepsItsKind() throws {
        let failing = UserRouter.echo.with { _ in throw TernError(.unsupported, "not here") }
        let context = EndpointContext(baseURL: URL(string: "http://127.0.0.1:9"), arrayEncoding: .individual)
        #expect {
            try failing.makeRequest(in: context)
        } throws: { ($0 as? TernError)?.kind == .unsupported }
    }
}
