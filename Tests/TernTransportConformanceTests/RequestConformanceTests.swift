import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern

@Suite("Transport conformance: requests and responses")
struct RequestConformanceTests {
    @Test(
        "methods reach the server", arguments: TransportKind.allCases, [HTTPMethod.get, .post, .put, .patch, .delete])
    func methods(kind: TransportKind, method: HTTPMethod) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let reply = try await transport.perform(
                    Request(method: method, url: server.baseURL.appendingPathComponent("echo")),
                    context: TransportContext())
                #expect(try reply.decode(Echo.self).method == method.rawValue)
            }
        }
    }

    @Test("headers and a percent-encoded query arrive intact", arguments: TransportKind.allCases)
    func headersAndQuery(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                var request = Request(url: server.baseURL.appendingPathComponent("echo"))
                request.appendQuery(["q": "a b&c", "tags": ["x", "y"]], arrayEncoding: .individual)
                request.headers[HTTPField.Name("X-Trace")!] = "t-1"
                request.headers.append(HTTPField(name: HTTPField.Name("X-Multi")!, value: "1"))
                request.headers.append(HTTPField(name: HTTPField.Name("X-Multi")!, value: "2"))
                let echo = try await transport.perform(request, context: TransportContext()).decode(Echo.self)
                #expect(echo.queryItems == [["q", "a b&c"], ["tags", "x"], ["tags", "y"]])
                #expect(echo.headers["x-trace"] == "t-1")
                #expect(echo.headers["x-multi"]?.replacingOccurrences(of: " ", with: "") == "1,2")
            }
        }
    }

    @Test("JSON, form, multipart and file bodies arrive byte for byte", arguments: TransportKind.allCases)
    func bodies(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let file = temporaryFile("body")
                try MockServer.expectedBytes(count: 70_000).write(to: file)
                defer { try? FileManager.default.removeItem(at: file) }
                let bodies: [HTTPBody] = [
                    .json(["name": "Ada", "tags": ["a"]]), .form(["name": "Ada Lovelace"]), .text("héllo"),
                    .multipart([.field("name", "Ada"), .file("doc", file)], boundary: "conformance"), .file(file),
                ]
                for body in bodies {
                    var request = Request(method: .post, url: server.baseURL.appendingPathComponent("upload"))
                    try request.setBody(body)
                    let expected = try request.body.collect()
                    let receipt = try await transport.perform(request, context: TransportContext()).decode(
                        UploadReceipt.self)
                    #expect(receipt.bytes == expected.count)
                    #expect(receipt.checksum == MockServer.checksum(expected))
                }
            }
        }
    }

    @Test("204 and 304 come back without bodies", arguments: TransportKind.allCases, [204, 304])
    func emptyStatuses(kind: TransportKind, status: Int) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let reply = try await transport.perform(
                    Request(url: server.baseURL.appendingPathComponent("status/\(status)")), context: TransportContext()
                )
                #expect(reply.status.code == status)
                #expect(reply.body.isEmpty)
            }
        }
    }

    @Test(
        "told to, a transport follows redirects; a cross-origin hop drops Authorization, a same-origin one keeps it",
        arguments: TransportKind.allCases)
    func redirects(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with(TransportConfiguration(maximumRedirects: 5)) { transport in
                var same = Request(url: server.baseURL.appendingPathComponent("redirect/2"))
                same.headers[.authorization] = "Bearer secret"
                let kept = try await transport.perform(same, context: TransportContext()).decode(Echo.self)
                #expect(kept.headers["authorization"] == "Bearer secret")

                let target = "http://localhost:\(server.port)/echo"
                var cross = Request(url: server.baseURL.appendingPathComponent("redirect-to"))
                cross.appendQuery(["url": .string(target)])
                cross.headers[.authorization] = "Bearer secret"
                let dropped = try await transport.perform(cross, context: TransportContext()).decode(Echo.self)
                #expect(dropped.method == "GET")
                #expect(dropped.headers["authorization"] == nil)
            }
        }
    }

    @Test("with redirects disabled a 3xx is returned as it is", arguments: TransportKind.allCases)
    func redirectsDisabled(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with(TransportConfiguration(maximumRedirects: 0)) { transport in
                let reply = try await transport.perform(
                    Request(url: server.baseURL.appendingPathComponent("redirect/1")), context: TransportContext())
                #expect(reply.status.code == 302)
                #expect(reply.headers[.location] == "/redirect/0")
            }
        }
    }

    @Test("a request past its deadline is a .timeout, also below one second", arguments: TransportKind.allCases)
    func requestTimeout(kind: TransportKind) async throws {
        try await withMockServer { server in
            try await kind.with { transport in
                let error = await #expect(throws: TernError.self) {
                    try await transport.perform(
                        Request(url: server.baseURL.appendingPathComponent("delay/5000")),
                        context: TransportContext(timeout: .milliseconds(300))
                    )
                }
                #expect(error?.kind == .timeout)
            }
        }
    }

    @Test("a connection that cannot be established times out", arguments: TransportKind.allCases)
    func connectTimeout(kind: TransportKind) async throws {
        let listener = try await UnresponsiveListener()
        try await kind.with(TransportConfiguration(connectTimeout: .milliseconds(300))) { transport in
            // URLSession on Linux has no separate connect timeout: the request deadline covers it.
            let deadline: Duration? = kind.supportsSeparateConnectTimeout ? nil : .milliseconds(600)
            let error = await #expect(throws: TernError.self) {
                try await transport.perform(
                    Request(url: listener.url("/users")), context: TransportContext(timeout: deadline))
            }
            #expect(error?.kind == .timeout)
        }
    }

    @Test("a refused connection is a .connection error", arguments: TransportKind.allCases)
    func refused(kind: TransportKind) async throws {
        let server = try await MockServer.start()
        let url = server.baseURL.appendingPathComponent("users")
        try await server.shutdown()
        try await kind.with { transport in
            let error = await #expect(throws: TernError.self) {
                // A refusal is immediate; the deadline only has to outlast a machine busy compiling.
                try await transport.perform(Request(url: url), context: TransportContext(timeout: .seconds(30)))
            }
            #expect(error?.kind == .connection)
        }
    }
}
