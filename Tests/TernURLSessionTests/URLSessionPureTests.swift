import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern
@testable import TernURLSession

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSessionTransport: pure parts")
struct URLSessionPureTests {
    private func proposed(_ text: String, method: String = "GET", headers: [String: String] = [:]) throws -> URLRequest
    {
        var request = URLRequest(url: try #require(URL(string: text)))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    @Test("origins compare scheme, host and port, with default ports made explicit")
    func origins() throws {
        let url = { (text: String) throws -> URL in try #require(URL(string: text)) }
        #expect(RedirectRule.sameOrigin(try url("http://a.test/x"), try url("http://A.test:80/y")))
        #expect(RedirectRule.sameOrigin(try url("https://a.test/x"), try url("https://a.test:443/")))
        #expect(!RedirectRule.sameOrigin(try url("http://a.test/x"), try url("https://a.test/x")))
        #expect(!RedirectRule.sameOrigin(try url("http://a.test:8080/"), try url("http://a.test:8081/")))
        #expect(!RedirectRule.sameOrigin(try url("http://127.0.0.1:80/"), try url("http://localhost:80/")))
    }

    @Test("the limit stops, other origins lose credentials, a kept body is refused")
    func decisions() throws {
        let from = URL(string: "http://a.test/start")
        let credentials = ["Authorization": "Bearer x", "Cookie": "c=1", "Proxy-Authorization": "p", "X-Keep": "1"]
        let stop = RedirectRule.decide(
            proposed: try proposed("http://a.test/next"), from: from, sendsBody: false, followed: 2, maximum: 2,
            label: "t")
        guard case .stop = stop else {
            Issue.record("expected .stop, got \(stop)")
            return
        }

        let away = RedirectRule.decide(
            proposed: try proposed("http://b.test/next", headers: credentials), from: from, sendsBody: false,
            followed: 0, maximum: 5, label: "t")
        guard case .follow(let stripped) = away else {
            Issue.record("expected .follow, got \(away)")
            return
        }
        for name in RedirectRule.credentialFields { #expect(stripped.value(forHTTPHeaderField: name) == nil) }
        #expect(stripped.value(forHTTPHeaderField: "X-Keep") == "1")

        let home = RedirectRule.decide(
            proposed: try proposed("http://a.test/next", headers: credentials), from: from, sendsBody: false,
            followed: 0, maximum: 5, label: "t")
        guard case .follow(let kept) = home else {
            Issue.record("expected .follow, got \(home)")
            return
        }
        #expect(kept.value(forHTTPHeaderField: "Authorization") == "Bearer x")

        let put = RedirectRule.decide(
            proposed: try proposed("http://a.test/next", method: "PUT"), from: from, sendsBody: true,
            followed: 0, maximum: 5, label: "t")
        guard case .refuse(let error) = put else {
            Issue.record("expected .refuse, got \(put)")
            return
        }
        #expect(error.kind == .unsupported)

        let get = RedirectRule.decide(
            proposed: try proposed(
                "http://a.test/next", headers: ["Content-Length": "7", "Content-Type": "text/plain"]),
            from: from, sendsBody: true, followed: 0, maximum: 5, label: "t")
        guard case .follow(let dropped) = get else {
            Issue.record("expected .follow, got \(get)")
            return
        }
        #expect(dropped.value(forHTTPHeaderField: "Content-Length") == nil)
        #expect(dropped.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test("a failed attempt deletes a file the transport picked and keeps a given destination")
    func failedFiles() throws {
        let picked = try DownloadFile.open(destination: nil, resumeOffset: nil, label: "t")
        #expect(FileManager.default.fileExists(atPath: picked.url.path))
        picked.closeAfterFailure()
        #expect(!FileManager.default.fileExists(atPath: picked.url.path))

        let destination = temporaryFile("given")
        defer { cleanUp(destination) }
        let given = try DownloadFile.open(destination: destination, resumeOffset: nil, label: "t")
        try given.write(Data("abc".utf8))
        given.closeAfterFailure()
        #expect(try Data(contentsOf: destination) == Data("abc".utf8))
    }

    @Test("response headers become sorted HTTPFields")
    func responseFields() throws {
        let url = try #require(URL(string: "http://a.test/"))
        let response = try #require(
            HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["X-B": "2", "content-type": "text/plain", "X-A": "1"]))
        #expect(response.fields.map(\.name.canonicalName) == ["content-type", "x-a", "x-b"])
        #expect(response.fields[.contentType] == "text/plain")
    }

    @Test("an attempt aborted before it starts fails at once, sends nothing and is forgotten")
    func abortBeforeStart() async throws {
        try await withMockServer { server in
            let delegate = SessionDelegate()
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            let session = URLSession(
                configuration: TransportConfiguration().sessionConfiguration, delegate: delegate, delegateQueue: queue)
            defer { session.invalidateAndCancel() }
            let task = session.dataTask(with: server.baseURL.appendingPathComponent("echo"))
            let state = TaskState(
                task: task, setup: .init(label: "GET /echo", maximumRedirects: 5, sendsBody: false, progress: { _ in }),
                file: nil, uploadMeter: nil)
            delegate.register(state)
            state.abort(TernError(.cancelled, "cancelled early"))
            await #expect(throws: TernError.self) {
                _ = try await withCheckedThrowingContinuation { state.start($0) }
            }
            #expect(await tasksLeftAfterCompletion(delegate) == 0)
            #expect(server.requestCount(path: "/echo") == 0)
        }
    }
}
