import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern

/// What goes on the wire, read by a raw server that accepts any method token.
@Suite("Transport conformance: methods and cookies on the wire")
struct WireFormatConformanceTests {
    @Test("a method goes out exactly as written (wHat stays wHat)", arguments: TransportKind.allCases)
    func methodCaseIsKept(kind: TransportKind) async throws {
        let server = try RawEchoServer()
        defer { server.stop() }
        let method = try #require(HTTPMethod("wHat"))
        try await kind.with { transport in
            let url = try #require(URL(string: server.baseURL + "/method"))
            _ = try await transport.perform(Request(method: method, url: url), context: TransportContext())
        }
        #expect(server.take().map(\.method) == ["wHat"])
    }

    @Test("several Cookie fields go out as one line joined with '; '", arguments: TransportKind.allCases)
    func cookiesAreOneLine(kind: TransportKind) async throws {
        let server = try RawEchoServer()
        defer { server.stop() }
        try await kind.with { transport in
            let url = try #require(URL(string: server.baseURL + "/cookies"))
            var request = Request(url: url)
            request.headers.append(HTTPField(name: .cookie, value: "a=1"))
            request.headers[HTTPField.Name("X-Between")!] = "x"
            request.headers.append(HTTPField(name: .cookie, value: "b=2; c=3"))
            _ = try await transport.perform(request, context: TransportContext())
        }
        let received = try #require(server.take().first)
        #expect(received.values("Cookie") == ["a=1; b=2; c=3"])
        #expect(received.values("X-Between") == ["x"])
    }
}
