import Foundation
import HTTPTypes
import Tern
import TernExplorerStorage
import Testing

@testable import TernExplorer
@testable import TernREPL

@Suite("Printer")
struct PrinterTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var printer: Printer { Printer(style: .plain, now: now) }

    func response(_ body: String, source: ResponseSource = .live, cache: Response.CacheInfo? = nil, attempts: Int = 1)
        -> Response
    {
        Response(
            status: .ok, headers: [.contentType: "application/json"], body: Data(body.utf8), source: source,
            request: Request(url: URL(string: "http://127.0.0.1:1/users/1")!),
            timing: .init(start: now, duration: .milliseconds(12)), attempts: attempts, cache: cache
        )
    }

    @Test("a live response: status, badge, time and size, then pretty JSON")
    func liveResponse() {
        let text = printer.render(.response(response(#"{"id":1,"tags":["a"]}"#)))
        #expect(text == "200 OK · LIVE · 12 ms · 21 B\n{\n  \"id\": 1,\n  \"tags\": [\n    \"a\"\n  ]\n}\n")
    }

    @Test("a live response with a known connection prints it under the status line")
    func connectionLine() {
        var live = response(#"{"id":1}"#)
        live.connection = ConnectionInfo(
            httpVersion: "HTTP/2", tlsVersion: "TLS 1.3", certificateSubject: "CN=a.example")
        let lines = printer.render(.response(live)).split(separator: "\n")
        #expect(lines.count > 1 && lines[1] == "HTTP/2 · TLS 1.3 · CN=a.example")
    }

    @Test("a replayed response shows its age and validity; retries show as attempts")
    func cachedResponse() {
        let cache = Response.CacheInfo(
            key: "user-1", storedAt: now.addingTimeInterval(-120), validUntil: now.addingTimeInterval(480))
        #expect(
            printer.statusLine(response("{}", source: .cache, cache: cache))
                == "200 OK · CACHE (stored 2m ago, valid 8m) · 12 ms · 2 B")
        let expired = Response.CacheInfo(
            key: "k", storedAt: now.addingTimeInterval(-900), validUntil: now.addingTimeInterval(-600), isExpired: true)
        #expect(
            printer.statusLine(response("{}", source: .cache, cache: expired)).contains("(stored 15m ago, expired)"))
        #expect(printer.statusLine(response("{}", source: .sample)) == "200 OK · SAMPLE · 12 ms · 2 B")
        #expect(printer.statusLine(response("{}", attempts: 3)).hasSuffix("· 3 attempts"))
    }

    @Test("binary bodies are a hex summary, text bodies are printed as they are")
    func bodies() {
        let binary = printer.bodyText(Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x01]), contentType: "image/png")
        #expect(
            binary == "[6 B of binary data (image/png)]\n00000000  89 50 4e 47 00 01"
                + String(repeating: " ", count: 30) + "  |.PNG..|\n")
        #expect(printer.bodyText(Data("plain text".utf8), contentType: nil) == "plain text\n")
        #expect(printer.bodyText(Data(), contentType: nil) == "(empty body)\n")
    }

    @Test("ids, names, paths and history URLs from files and servers cannot drive the terminal")
    func hostileText() {
        let specs = [
            SpecSummary(id: "a\u{1B}]0;x\u{07}", name: "n\r\u{202E}", method: "GET", path: "/\u{9B}2J", target: nil)
        ]
        let list = printer.render(.specs(specs))
        #expect(list.contains("a?]0;x?") && list.contains("n??") && list.contains("/?2J"), "\(list)")
        let entry = HistoryEntry(
            spec: "s\u{1B}[2J", method: "GET", url: "http://h/\u{1B}[31m", date: Date(), status: 200, source: .live,
            duration: 0.01)
        let history = printer.render(.history([entry]))
        #expect(!history.contains("\u{1B}"), "\(history)")
        #expect(TerminalText.safe("line 1\nline 2\ttab", keepingLines: true) == "line 1\nline 2\ttab")
        #expect(TerminalText.safe("a\nb") == "a?b")
    }

    @Test("tables align their columns; empty lists say so")
    func tables() {
        let specs = [
            SpecSummary(
                id: "users/get-user", name: "Get user", method: "GET", path: "/users/{{userId}}", target: "api"),
            SpecSummary(id: "ping", name: "Ping", method: "post", path: "/ping", target: nil),
        ]
        #expect(
            printer.render(.specs(specs)) == """
                SPEC            METHOD  PATH               NAME
                users/get-user  GET     /users/{{userId}}  Get user
                ping            POST    /ping              Ping

                """)
        #expect(printer.render(.specs([])) == "the workspace has no specs\n")
        #expect(printer.render(.cacheEntries([])) == "the cache is empty\n")
        #expect(printer.render(.history([])) == "no sends recorded yet\n")
        #expect(printer.render(.transfers([])) == "no uploads or downloads yet\n")
    }

    @Test("cache entries show key, status, source, size, age and validity")
    func cacheEntries() {
        let entry = StoredResponse(
            key: "user-1", status: 200, headers: [.contentType: "application/json"], body: Data(#"{"id":1}"#.utf8),
            source: .live,
            storedAt: now.addingTimeInterval(-5), validUntil: now.addingTimeInterval(295), method: "GET",
            url: "http://x/users/1"
        )
        #expect(
            printer.render(.cacheEntries([entry])) == """
                KEY     STATUS  SOURCE  SIZE  STORED  VALID
                user-1  200     live    8 B   5s ago  valid 4m

                """)
        let shown = printer.render(.cacheEntry(entry))
        #expect(
            shown.hasPrefix(
                "user-1\nGET http://x/users/1\n200 · live · 8 B · stored 5s ago · valid 4m\nContent-Type: "
                    + "application/json\n\n{\n"
            ))
    }

    @Test("show prints the method, URL, headers and body, with notes")
    func show() throws {
        var request = Request(
            method: .post, url: URL(string: "http://x/echo?a=1")!, headers: [.accept: "application/json"])
        try request.setBody(.json(["name": "Ada"]))
        request.storageKey = "echo"
        let text = printer.render(.request(request, edited: true))
        #expect(
            text.hasPrefix(
                "POST http://x/echo?a=1\nAccept: application/json\nContent-Type: application/json\n\n{\n  "
                    + "\"name\": \"Ada\"\n}\n"
            ))
        #expect(text.hasSuffix("(storage key echo · unsaved edits: 'save' writes them)\n"))
    }

    @Test("colours are ANSI escapes only when enabled; the prompt marks them for libedit")
    func colours() {
        #expect(ANSIStyle.plain.green("LIVE") == "LIVE")
        #expect(ANSIStyle.ansi.green("LIVE") == "\u{1B}[32mLIVE\u{1B}[0m")
        let prompt = REPLPrompt(
            workspace: "Demo", environment: "local", mode: "normal", selected: "users/get-user", unsaved: true)
        #expect(prompt.text(.plain) == "Demo (local, normal) users/get-user*> ")
        let coloured = prompt.text(.ansi)
        #expect(coloured.contains("\u{1}\u{1B}[1m\u{2}Demo\u{1}\u{1B}[0m\u{2}"))
        #expect(
            REPLPrompt(workspace: "W", environment: nil, mode: "live", selected: nil, unsaved: false).text(.plain)
                == "W (no environment, live)> ")
    }

    @Test("the live line describes progress with bytes, total, percent, rate and ETA")
    func liveLine() {
        let progress = TransferProgress(
            direction: .download, bytes: 12_400_000, total: 50_000_000, bytesPerSecond: 10_000_000)
        #expect(LiveLine.describe(progress) == "↓ 12.4 MB / 50.0 MB  24% · 10.0 MB/s · ETA 4s")
    }

    @Test("the live line counts the time spent waiting, and stops when the answer comes")
    func liveLineCountsTheWait() {
        let output = CapturedOutput()
        let line = LiveLine(output: output, width: 80)
        func event(_ kind: HandlerEvent.Kind) -> HandlerEvent {
            HandlerEvent(requestID: RequestID(rawValue: 1), label: "users/get-user", date: Date(), kind: kind)
        }
        line.update(event(.attempt(number: 1)))
        #expect(output.out.hasSuffix("sending users/get-user …"))
        // At least 2400 ms have passed since the attempt (the clock is read after it); a busy machine may add a few.
        line.redrawWaiting(now: .now + .milliseconds(2400))
        let shown = output.out.components(separatedBy: "sending users/get-user … ").last ?? ""
        let milliseconds = Int(shown.replacingOccurrences(of: " ms", with: "")) ?? -1
        #expect(shown.hasSuffix(" ms") && (2400..<3000).contains(milliseconds), "\(output.out)")
        line.update(event(.response(status: 200, source: .live, bytes: 2, duration: .seconds(2))))
        let before = output.out
        line.redrawWaiting(now: .now + .seconds(5))
        #expect(output.out == before)
    }
}
