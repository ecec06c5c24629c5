import Foundation
import TernHTTPClient
import TernTesting
import Testing

@testable import Tern

/// A port is a number from 1 to 65535. Out of range, SwiftNIO traps on an IP literal and a host name's
/// port wraps around (70000 reached 4464); every connection checks its URL's port first.
@Suite("Ports out of range are refused, never a trap or another port")
struct PortRangeTests {
    @Test(
        "a port above 65535, 0, or too long for a number is a problem; ports 1...65535 and none are fine",
        arguments: [
            ("http://127.0.0.1:99999/", "port 99999 is not a TCP port (1 to 65535)"),
            ("http://localhost:70000/x", "port 70000 is not a TCP port (1 to 65535)"),
            ("http://h:0/", "port 0 is not a TCP port (1 to 65535)"),
            ("http://localhost:123456789012345678901/", "port 123456789012345678901 is not a TCP port (1 to 65535)"),
            ("http://u:p@[::1]:999999/", "port 999999 is not a TCP port (1 to 65535)"),
            ("http://h:65535/", nil), ("http://h:1/", nil), ("http://h/", nil), ("http://h:/", nil),
            ("http://[::1]:8080/", nil), ("http://u:p:x@h:443/?q=:99999", nil),
        ] as [(String, String?)])
    func portProblem(url: String, problem: String?) throws {
        #expect(try #require(URL(string: url)).portProblem == problem)
    }

    @Test("a send to 127.0.0.1:99999 fails with invalidRequest, and nothing is sent")
    func sendIsRefused() async throws {
        let handler = Handler(transport: HTTPClientTransport.shared, storage: nil, mode: .live)
        let error = await #expect(throws: TernError.self) {
            try await handler.send(Request(url: try #require(URL(string: "http://127.0.0.1:99999/"))))
        }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.message == "cannot connect to 127.0.0.1: port 99999 is not a TCP port (1 to 65535)")
    }

    @Test("a redirect to a port out of range ends the send with invalidRequest instead of following it")
    func redirectIsRefused() async throws {
        try await withMockServer { server in
            var request = get("redirect-to", on: server)
            request.appendQuery(["url": .string("http://127.0.0.1:70000/echo")])
            let error = await #expect(throws: TernError.self) {
                try await liveHandler(server, storage: nil).send(request)
            }
            #expect(error?.kind == .invalidRequest)
            #expect(error?.message.contains("port 70000 is not a TCP port") == true, "\(error?.message ?? "")")
        }
    }
}
