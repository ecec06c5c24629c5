import Foundation
import Testing

@testable import Tern
@testable import TernInterchange
@testable import TernWorkspace

/// A HAR document around `entries` (JSON object texts).
func harDocument(_ entries: [String]) -> Data {
    Data(#"{"log": {"version": "1.2", "creator": {"name": "t", "version": "1"}, "entries": ["#.utf8)
        + Data(entries.joined(separator: ",").utf8) + Data("]}}".utf8)
}

/// One entry's JSON: `request` and `response` are JSON object texts.
func harEntry(
    _ request: String, response: String = #"{"status": 200, "content": {"size": 0, "mimeType": ""}}"#,
    date: String = "2024-05-01T10:00:00.000Z", extra: String = ""
) -> String {
    #"{"startedDateTime": "\#(date)", "request": \#(request), "response": \#(response)\#(extra)}"#
}

/// Imports a document made of `entries`.
func importHAR(_ entries: [String]) throws(ImportError) -> ImportedCollection {
    let folder = FileManager.default.temporaryDirectory
    return try HARImporter.read(
        ImportSource(data: harDocument(entries), name: "test.har", baseDirectory: folder, workspaceRoot: folder))
}

@Suite("HAR import mapping")
struct HARMappingTests {
    @Test("Entries come in startedDateTime order (offsets honoured); file order when a date is unreadable")
    func order() throws {
        let late = harEntry(#"{"method": "GET", "url": "https://h/late"}"#, date: "2024-05-01T12:00:00+02:00")
        let early = harEntry(#"{"method": "GET", "url": "https://h/early"}"#, date: "2024-05-01T10:30:00.1234567Z")
        #expect(try importHAR([late, early]).specs.map(\.spec.path) == ["https://h/late", "https://h/early"])
        let later = harEntry(#"{"method": "GET", "url": "https://h/later"}"#, date: "2024-05-01T11:00:00Z")
        #expect(try importHAR([later, early]).specs.map(\.spec.path) == ["https://h/early", "https://h/later"])
        let undated = harEntry(#"{"method": "GET", "url": "https://h/undated"}"#, date: "yesterday")
        #expect(try importHAR([later, undated, early]).specs.map(\.spec.path).first == "https://h/later")
    }

    @Test("Fiddler's seven fractional digits and every offset form parse")
    func dates() throws {
        let date = try #require(HARCodec.date(from: "2013-05-27T09:20:47.4365345+02:00"))
        #expect(abs(date.timeIntervalSince1970 - 1_369_639_247.436) < 0.001)
        #expect(HARCodec.date(from: "2024-02-29T00:00:00Z")?.timeIntervalSince1970 == 1_709_164_800)
        #expect(HARCodec.date(from: "2024-02-29T01:00:00+0100")?.timeIntervalSince1970 == 1_709_164_800)
        #expect(HARCodec.date(from: "2024-13-01T00:00:00Z") == nil)
        #expect(HARCodec.date(from: "2024-01-01T00:00:00Zjunk") == nil)
        // Lenient where recorders are: a space for the T, a leap second, no offset, an hour-only offset.
        #expect(HARCodec.date(from: "2024-02-29 00:00:00Z")?.timeIntervalSince1970 == 1_709_164_800)
        #expect(HARCodec.date(from: "2016-12-31T23:59:60Z")?.timeIntervalSince1970 == 1_483_228_800)
        #expect(HARCodec.date(from: "2024-02-29T00:00:00")?.timeIntervalSince1970 == 1_709_164_800)
        #expect(HARCodec.date(from: "2024-02-29T02:00:00+02")?.timeIntervalSince1970 == 1_709_164_800)
        // A long fraction still ends: past 64 bytes the text is not a date, whatever it starts with.
        #expect(HARCodec.date(from: "2024-02-29T00:00:00." + String(repeating: "0", count: 60) + "Z") == nil)
    }

    @Test("Pseudo-headers, Content-Length and Host go; two Cookie lines become one; the method's case stays")
    func headers() throws {
        let request = #"""
            {"method": "wHat", "url": "https://api.example.com/v1/items?page=2&q=a+b%26c", "headers": [
              {"name": ":authority", "value": "api.example.com"}, {"name": "Host", "value": "api.example.com"},
              {"name": "Cookie", "value": "theme=dark"}, {"name": "Accept", "value": "application/json"},
              {"name": "Content-Length", "value": "0"}, {"name": "cookie", "value": "lang=en; sessionid=s3cr3t"}]}
            """#
        let imported = try importHAR([harEntry(request)])
        let spec = try #require(imported.specs.first).spec
        #expect(spec.method == "wHat")
        #expect(spec.path == "https://api.example.com/v1/items")
        #expect(spec.name == "wHat /v1/items")
        #expect(spec.query.map(\.name) == ["page", "q"])
        #expect(spec.query.last?.value == .string("a b&c"))
        #expect(spec.headers.map(\.name) == ["Cookie", "Accept"])
        #expect(spec.header("Cookie") == "theme=dark; lang=en; sessionid={{secret:COOKIE_SESSIONID}}")
        #expect(imported.specs.first?.fileName == "w-hat-items")
        #expect(imported.warnings.isEmpty)
        #expect(imported.secrets.map(\.name) == ["COOKIE_SESSIONID"])
        #expect(imported.secrets.first?.item == "wHat https://api.example.com/v1/items?page=2&q=a+b%26c")
    }

    @Test("Credentials move to {{secret:NAME}}: Authorization keeps its scheme; a second value gets NAME_2")
    func credentials() throws {
        func entry(_ path: String, _ token: String) -> String {
            harEntry(
                #"{"method": "GET", "url": "https://h/\#(path)?api_key=k1&page=1", "#
                    + #""headers": [{"name": "Authorization", "#
                    + #""value": "Bearer \#(token)"}, {"name": "X-API-Key", "value": "abc"}]}"#)
        }
        let imported = try importHAR([entry("a", "t1"), entry("b", "t1"), entry("c", "t2")])
        let specs = imported.specs.map(\.spec)
        #expect(
            specs.map { $0.header("Authorization") } == [
                "Bearer {{secret:AUTHORIZATION}}", "Bearer {{secret:AUTHORIZATION}}",
                "Bearer {{secret:AUTHORIZATION_2}}",
            ])
        #expect(specs[0].header("X-API-Key") == "{{secret:X_API_KEY}}")
        #expect(specs[0].query.first?.value == .string("{{secret:API_KEY}}"))
        #expect(specs[0].query.last?.value == .string("1"))
        // Each name keeps the recording's value for the secret store.
        #expect(
            Set(imported.secrets.map { "\($0.name)=\($0.value ?? "-")" }) == [
                "API_KEY=k1", "AUTHORIZATION=t1", "X_API_KEY=abc", "AUTHORIZATION_2=t2",
            ])
        #expect(imported.warnings.isEmpty)
    }

    @Test("A JSON body becomes json: with passwords as placeholders; broken JSON stays text with its type")
    func jsonBodies() throws {
        let good =
            #"{"method": "POST", "url": "https://h/login", "postData": {"mimeType": "application/json", "#
            + #""text": "{\"user\": \"ann\", \"password\": \"hunter2\", \"n\": [1, 2.5]}"}}"#
        let spec = try #require(try importHAR([harEntry(good)]).specs.first).spec
        #expect(
            spec.body
                == .json(
                    .object(["user": "ann", "password": "{{secret:PASSWORD}}", "n": .array([.int(1), .double(2.5)])])))
        #expect(spec.header("Content-Type") == "application/json")
        let broken =
            #"{"method": "POST", "url": "https://h/x", "postData": {"mimeType": "application/json", "#
            + #""text": "{not json"}}"#
        let text = try #require(try importHAR([harEntry(broken)]).specs.first).spec
        #expect(text.body == .text("{not json"))
        #expect(text.header("Content-Type") == "application/json")
    }

    @Test("Url-encoded params become form:, password fields a placeholder; text alone is parsed too")
    func forms() throws {
        let params =
            #"{"method": "POST", "url": "https://h/login", "postData": {"mimeType": "#
            + #""application/x-www-form-urlencoded", "params": [{"name": "user", "value": "ann"}, "#
            + #"{"name": "password", "value": "hunter2"}]}}"#
        let spec = try #require(try importHAR([harEntry(params)]).specs.first).spec
        #expect(spec.body == .form([("user", "ann"), ("password", "{{secret:PASSWORD}}")]))
        let text =
            #"{"method": "POST", "url": "https://h/s", "postData": {"mimeType": "#
            + #""application/x-www-form-urlencoded; charset=UTF-8", "text": "q=a+b&x=%2F"}}"#
        #expect(try importHAR([harEntry(text)]).specs.first?.spec.body == .form([("q", "a b"), ("x", "/")]))
    }

    @Test("Multipart params: values kept, files as placeholders with a warning, the recorded boundary dropped")
    func multipart() throws {
        let request =
            #"{"method": "POST", "url": "https://h/upload", "headers": [{"name": "Content-Type", "#
            + #""value": "multipart/form-data; boundary=----x"}], "postData": {"mimeType": "multipart/form-data; "#
            + #"boundary=----x", "params": [{"name": "title", "value": "Me"}, {"name": "avatar", "fileName": "#
            + #""My Photo.PNG", "contentType": "image/png"}]}}"#
        let imported = try importHAR([harEntry(request)])
        let spec = try #require(imported.specs.first).spec
        #expect(
            spec.body
                == .multipart([
                    MultipartPartDefinition(name: "title", value: "Me"),
                    MultipartPartDefinition(name: "avatar", file: "files/my-photo.png", contentType: "image/png"),
                ]))
        #expect(spec.header("Content-Type") == nil)
        #expect(imported.warnings.contains { $0.contains("files/my-photo.png") && $0.contains("'My Photo.PNG'") })
    }

    @Test("Assets, data: URLs, preflights and exact duplicates are skipped with their reason; a WebSocket imports")
    func skips() throws {
        let api = harEntry(#"{"method": "GET", "url": "https://h/api"}"#)
        let entries = [
            api,
            harEntry(#"{"method": "GET", "url": "https://h/app.css?v=3"}"#),
            harEntry(#"{"method": "GET", "url": "wss://h/socket"}"#),
            harEntry(#"{"method": "GET", "url": "data:image/png;base64,AAAA"}"#),
            harEntry(
                #"{"method": "OPTIONS", "url": "https://h/api", "headers": [{"name": "Access-Control-Request-Method", "#
                    + #""value": "POST"}]}"#),
            harEntry(#"{"method": "GET", "url": "https://h/f"}"#, extra: #", "_resourceType": "font""#),
            harEntry(#"{"method": "G ET", "url": "https://h/x"}"#),
            api,
        ]
        let imported = try importHAR(entries)
        #expect(imported.specs.map(\.spec.path) == ["https://h/api", "wss://h/socket"])
        #expect(imported.specs.last?.spec.isWebSocket == true)
        #expect(
            imported.skipped.map(\.reason) == [
                "a static asset (.css)",
                "its URL is not an http(s) URL (data:)", "a CORS preflight the browser sent by itself",
                "a static asset (font)", "'G ET' is not an HTTP method",
                "an exact duplicate of #/log/entries/0 (same method, URL, headers and body)",
            ])
        #expect(imported.skipped.first?.item == "GET https://h/app.css?v=3")
    }

    @Test("Chrome's _webSocketMessages: the sent ones are the spec's messages, the conversation its recorded answer")
    func webSocketConversation() throws {
        let extra =
            #", "_resourceType": "websocket", "_webSocketMessages": ["#
            + #"{"type": "send", "time": 1714557600.5, "opcode": 1, "data": "{\"op\":\"subscribe\"}"}, "#
            + #"{"type": "receive", "time": 1714557600.6, "opcode": 1, "data": "{\"tick\":1}"}, "#
            + #"{"type": "receive", "time": 1714557601.0, "opcode": 2, "data": "AAEC"}, "#
            + #"{"type": "receive", "time": 1714557601.1, "opcode": 9, "data": ""}]"#
        let entry = harEntry(
            #"{"method": "GET", "url": "wss://h/live?room=1", "headers": [{"name": "Upgrade", "value": "websocket"}, "#
                + #"{"name": "Sec-WebSocket-Key", "value": "abc"}, {"name": "X-Team", "value": "t"}]}"#,
            response: #"{"status": 101, "content": {"size": 0, "mimeType": ""}}"#, extra: extra)
        let imported = try importHAR([entry])
        let spec = try #require(imported.specs.first)
        #expect(spec.spec.path == "wss://h/live")
        #expect(spec.spec.headers.map(\.name) == ["X-Team"])
        #expect(spec.spec.websocket?.messages == [.text(#"{"op":"subscribe"}"#)])
        #expect(spec.spec.websocket?.until.received == 2)
        let recorded = try #require(spec.recorded)
        #expect(recorded.status == 101)
        let transcript = try WebSocketTranscript.decode(recorded.body)
        #expect(transcript.received == [.text(#"{"tick":1}"#), .binary(Data([0, 1, 2]))])
        #expect(transcript.frames.map(\.offset) == [0.5, 0.6, 1.0])
    }

    @Test("The response is recorded: status, headers, base64 decoded, date; bad base64 is a warning, not a replay")
    func recorded() throws {
        let body = Data([0, 1, 2, 255]).base64EncodedString()
        let response =
            #"{"status": 201, "headers": [{"name": "Content-Type", "value": "application/octet-stream"}], "#
            + #""content": {"size": 4, "mimeType": "application/octet-stream", "text": "\#(body)", "#
            + #""encoding": "base64"}}"#
        let imported = try importHAR([harEntry(#"{"method": "POST", "url": "https://h/a"}"#, response: response)])
        let recorded = try #require(imported.specs.first?.recorded)
        #expect(recorded.status == 201)
        #expect(recorded.body == Data([0, 1, 2, 255]))
        #expect(recorded.headers == [HTTPFieldPair(name: "Content-Type", value: "application/octet-stream")])
        #expect(recorded.date == Date(timeIntervalSince1970: 1_714_557_600))
        let bad = #"{"status": 200, "content": {"size": 4, "text": "abc", "encoding": "base64"}}"#
        let broken = try importHAR([harEntry(#"{"method": "GET", "url": "https://h/b"}"#, response: bad)])
        #expect(broken.specs.count == 1)
        #expect(broken.specs.first?.recorded == nil)
        #expect(broken.warnings == ["the response of GET https://h/b is not replayable: its body is not valid base64"])
    }
}

@Suite("HAR import of multipart text")
struct HARMultipartTextTests {
    @Test("Chrome's multipart text (no params) is split at its boundary into values and file placeholders")
    func chromeMultipart() throws {
        let body =
            "------WebKitFormBoundaryX\\r\\nContent-Disposition: form-data; "
            + "name=\\\"title\\\"\\r\\n\\r\\nHi\\r\\n"
            + "------WebKitFormBoundaryX\\r\\nContent-Disposition: form-data; "
            + "name=\\\"doc\\\"; filename=\\\"a.pdf\\\"\\r\\n"
            + "Content-Type: application/pdf\\r\\n\\r\\n\\r\\n------WebKitFormBoundaryX--\\r\\n"
        let request =
            #"{"method": "POST", "url": "https://h/up", "postData": {"mimeType": "#
            + #""multipart/form-data; boundary=----WebKitFormBoundaryX", "text": "\#(body)"}}"#
        let imported = try importHAR([harEntry(request)])
        #expect(
            imported.specs.first?.spec.body
                == .multipart([
                    MultipartPartDefinition(name: "title", value: "Hi"),
                    MultipartPartDefinition(name: "doc", file: "files/a.pdf", contentType: "application/pdf"),
                ]))
        #expect(imported.warnings.contains { $0.contains("files/a.pdf") })
    }

    @Test("Multipart text without its boundary stays text")
    func noBoundary() throws {
        let request =
            #"{"method": "POST", "url": "https://h/up", "postData": {"mimeType": "multipart/form-data", "#
            + #""text": "--x\r\n\r\n"}}"#
        #expect(try importHAR([harEntry(request)]).specs.first?.spec.body == .text("--x\r\n\r\n"))
    }
}
