import Foundation
import TernTesting
import Testing

/// `tern` and HTTPie itself send the same request for the same command line: `http` replaced by `tern`,
/// word for word (HTTPie's options before the method and URL included), both to the mock server. For the
/// lines to `/echo`, the method, path, query, body (JSON compared as JSON, forms and multipart forms as
/// their fields) and every header the line names must agree; for the others, the exit status or the status
/// line.
@Suite(
    "tern against HTTPie: the same request for the same command line", .serialized,
    .enabled(
        if: HTTPie.path != nil,
        "HTTPie (the 'http' command) is not installed, so tern is NOT compared with it: 'make deps' installs it"))
struct HTTPieDifferentialTests {
    /// What is compared for a line.
    enum Comparison: Sendable {
        /// The request `/echo` saw, from stdout.
        case echo
        /// The request `/echo` saw, from the file the line writes (`-o`, `--download`).
        case echoFile(String)
        /// The exit status alone (the path is not `/echo`).
        case exitStatus
        /// The first line printed (the status line: `-h`).
        case statusLine
        /// The request `/echo` saw, from the last line printed (`-v` prints the request before).
        case echoLastLine
        /// The request body `--offline` prints: as JSON when it is JSON, else as text.
        case offlineBody
    }

    /// A command line: its words with `URL` where the URL goes, the headers it names, the path it asks for.
    struct Line: Sendable, CustomStringConvertible {
        var words: [String]
        var named: [String] = []
        var path = "echo/path"
        var comparison = Comparison.echo
        var description: String { words.joined(separator: " ") }
    }

    static let corpus: [Line] = [
        // Request items, from HTTPie's documentation.
        Line(words: ["GET", "URL"]),
        Line(words: ["URL", "search==tern", "page==2"]),
        Line(words: ["PUT", "URL", "name=John", "email=john@example.org"]),
        Line(words: ["URL", "X-API-Token:123", "User-Agent:Bacon/1.0"], named: ["x-api-token", "user-agent"]),
        Line(
            words: [
                "POST", "URL", "age:=29", "married:=false", #"hobbies:=["http","pies"]"#,
                #"favorite:={"tool":"HTTPie"}"#,
            ],
            named: ["content-type"]),
        Line(words: ["POST", "URL", "user[name]=Ada", "user[langs][]=en", "user[langs][]=fr", "items[1][id]:=2"]),
        Line(words: ["POST", "URL", "[]:=1", "[]:=2"]),
        Line(words: ["POST", "URL", "a\\=b=c", "e\\:x=1"]),
        Line(words: ["PATCH", "URL", "bio=@bio.txt"]),
        Line(words: ["POST", "URL", "meta:=@meta.json"]),
        Line(words: ["DELETE", "URL", "Accept:text/plain"], named: ["accept"]),
        Line(words: ["URL", "url==http://x.org/?q=1", "X-Note:a=b"], named: ["x-note"]),
        Line(words: ["URL", "tag==a", "page==1", "tag==b"]),
        Line(words: ["URL", "X-Tag:a", "X-Tag:b"], named: ["x-tag"]),
        Line(words: ["URL", "X-Empty;"], named: ["x-empty"]),
        Line(words: ["GET", "URL", "Cookie:a=1; b=2"], named: ["cookie"]),
        Line(words: ["OPTIONS", "URL"]),
        Line(words: ["URL", "n=1"], named: ["content-type", "accept"]),
        // Options before the method and URL, as HTTPie takes them.
        Line(words: ["--form", "POST", "URL", "name=John Smith", "city=Ünterhaching"]),
        Line(words: ["-f", "POST", "URL", "a=1", "b=2"]),
        Line(words: ["-f", "post", "URL", "a=1"]),
        Line(words: ["--form", "URL", "a=1"]),
        Line(words: ["-f", "PATCH", "URL", "a=1"]),
        Line(words: ["--json", "POST", "URL", "a=1"], named: ["content-type", "accept"]),
        Line(words: ["-j", "URL", "a=1"], named: ["content-type", "accept"]),
        Line(words: ["-j", "URL"], named: ["content-type", "accept"]),
        Line(words: ["-j", "POST", "URL", "a:=1", "b:=[1,2]"]),
        Line(words: ["--json", "--auth=u:p", "POST", "URL", "x:=1"], named: ["authorization"]),
        Line(words: ["--auth", "ada:secret", "GET", "URL"], named: ["authorization"]),
        Line(words: ["-a", "user:pass", "URL"], named: ["authorization"]),
        Line(words: ["--auth=user:pass", "URL"], named: ["authorization"]),
        Line(words: ["-A", "bearer", "-a", "tok123", "URL"], named: ["authorization"]),
        Line(words: ["--auth-type=bearer", "--auth=tok", "GET", "URL"], named: ["authorization"]),
        Line(words: ["--form", "--auth", "u:p", "PUT", "URL", "a=1"], named: ["authorization"]),
        // Repeated fields, forms and multipart forms.
        Line(words: ["--form", "POST", "URL", "a=1", "a=2"]),
        Line(words: ["-f", "POST", "URL", "a=1", "a=2", "b=3"]),
        Line(words: ["--multipart", "POST", "URL", "a=1", "b=2"]),
        Line(words: ["--multipart", "POST", "URL", "a=1", "a=2"]),
        Line(words: ["-f", "POST", "URL", "cv@bio.txt"]),
        Line(words: ["-f", "POST", "URL", "name=Ada", "cv@bio.txt"]),
        Line(words: ["-f", "POST", "URL", "cv@bio.txt;type=text/plain", "cv@meta.json"]),
        // Raw bodies.
        Line(words: ["--raw", #"{"x":1}"#, "POST", "URL"], named: ["content-type", "accept"]),
        Line(words: ["--raw=hello", "URL"], named: ["content-type"]),
        Line(words: ["-f", "--raw", "a=1&b=2", "POST", "URL"]),
        // What to print, where to write.
        Line(words: ["-b", "URL", "a==1"]),
        Line(words: ["--body", "POST", "URL", "a=1"]),
        Line(words: ["-p", "b", "URL"]),
        Line(words: ["--print=b", "-f", "POST", "URL", "x=1"]),
        Line(words: ["-I", "POST", "URL", "a=1"]),
        Line(words: ["--ignore-stdin", "URL"]),
        Line(words: ["-o", "out.json", "URL", "q==1"], comparison: .echoFile("out.json")),
        Line(words: ["--output=out.json", "POST", "URL", "a=1"], comparison: .echoFile("out.json")),
        Line(words: ["-d", "-o", "out.json", "URL"], comparison: .echoFile("out.json")),
        Line(words: ["--download", "--output", "out.json", "POST", "URL", "a=1"], comparison: .echoFile("out.json")),
        Line(words: ["-h", "URL"], comparison: .statusLine),
        Line(words: ["--headers", "POST", "URL", "a=1"], comparison: .statusLine),
        // Redirects, deadlines, TLS and proxies.
        Line(words: ["--follow", "URL"]),
        Line(words: ["-F", "GET", "URL", "x==1"]),
        Line(words: ["--max-redirects=3", "URL"]),
        Line(words: ["--follow", "--check-status", "URL"], path: "redirect/2", comparison: .exitStatus),
        Line(words: ["--timeout=5", "URL", "q==1"]),
        Line(words: ["--timeout", "5", "POST", "URL", "a=1"]),
        Line(words: ["--verify=no", "URL"]),
        Line(words: ["--verify", "no", "GET", "URL"]),
        Line(words: ["--proxy", "https:http://127.0.0.1:9", "URL"]),
        // --check-status: HTTPie's exit statuses.
        Line(words: ["--check-status", "URL"]),
        Line(words: ["--check-status", "URL"], path: "status/404", comparison: .exitStatus),
        Line(words: ["--check-status", "GET", "URL"], path: "status/500", comparison: .exitStatus),
        Line(words: ["--check-status", "URL"], path: "status/302", comparison: .exitStatus),
        Line(words: ["URL"], path: "status/503", comparison: .exitStatus),
        // The request printed, with its answer or alone.
        Line(words: ["-v", "POST", "URL", "a=1"], named: ["content-type"], comparison: .echoLastLine),
        Line(words: ["--verbose", "URL", "q==1"], comparison: .echoLastLine),
        Line(words: ["--offline", "-p", "B", "POST", "URL", "a=1", "b:=2"], comparison: .offlineBody),
        Line(words: ["--offline", "--print=B", "-f", "POST", "URL", "a=1", "a=2"], comparison: .offlineBody),
        Line(words: ["-p", "B", "--offline", "-j", "PUT", "URL", "n:=[1,2]"], comparison: .offlineBody),
        // Sessions: headers kept (the first line makes the session, the second is compared after it).
        Line(words: ["--session=s1", "URL", "X-S:1"], named: ["x-s"]),
        Line(words: ["--session", "s2", "-a", "u:p", "GET", "URL", "X-S:2"], named: ["x-s", "authorization"]),
        Line(words: ["--session-read-only=s3", "URL", "X-S:3"], named: ["x-s"]),
    ]

    private static func echo(_ output: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
    }

    /// The body as something comparable: JSON as JSON, a form or a multipart form as its sorted fields,
    /// else the text.
    static func comparable(_ echo: [String: Any]) -> NSObject {
        let body = echo["body"] as? String ?? ""
        let type = ((echo["headers"] as? [String: String])?["content-type"] ?? "")
        if type.lowercased().hasPrefix("application/json"),
            let json = try? JSONSerialization.jsonObject(
                with: Data(body.utf8), options: [.fragmentsAllowed]) as? NSObject
        {
            return json
        }
        if type.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            var components = URLComponents()
            components.percentEncodedQuery = body.replacingOccurrences(of: "+", with: "%20")
            return (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }.sorted() as NSArray
        }
        if type.lowercased().hasPrefix("multipart/form-data"), let marker = type.range(of: "boundary=") {
            let boundary = "--" + type[marker.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return multipartParts(body, boundary: boundary).sorted() as NSArray
        }
        return body as NSString
    }

    /// Each part of a multipart body as `name[; filename][; type]=value`.
    static func multipartParts(_ body: String, boundary: String) -> [String] {
        // Swift reads CR LF as one character: the lines are compared with LF alone.
        let body = body.replacingOccurrences(of: "\r\n", with: "\n")
        return body.components(separatedBy: boundary).dropFirst().compactMap { part -> String? in
            guard !part.hasPrefix("--") else { return nil }
            let trimmed = part.hasPrefix("\n") ? String(part.dropFirst()) : part
            guard let split = trimmed.range(of: "\n\n") else { return nil }
            var headers = trimmed[..<split.lowerBound].components(separatedBy: "\n")
            var value = String(trimmed[split.upperBound...])
            if value.hasSuffix("\n") { value.removeLast() }
            let disposition = headers.first { $0.lowercased().hasPrefix("content-disposition") } ?? ""
            let name = Self.parameter("name", in: disposition) ?? ""
            let file = Self.parameter("filename", in: disposition).map { "; filename=\($0)" } ?? ""
            headers.removeAll { !$0.lowercased().hasPrefix("content-type") }
            let type = headers.first.map { "; " + $0.lowercased().replacingOccurrences(of: " ", with: "") } ?? ""
            return "\(name)\(file)\(type)=\(value)"
        }
    }

    private static func parameter(_ name: String, in header: String) -> String? {
        guard let range = header.range(of: "; \(name)=\"") else { return nil }
        let rest = header[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// What one tool did for a line: its exit status, stdout and the file the line writes.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        var file: String?
    }

    /// Runs `tool` (`http` or `tern`) with the line's words in `folder`, a fresh `out.json` each time.
    static func run(_ tool: String, _ line: Line, url: String, in folder: URL) async throws -> Outcome {
        let printing = ["-p", "--print", "-h", "--headers", "-b", "--body", "-v", "--verbose", "-d", "--download"]
        let choosesOutput = line.words.contains { word in printing.contains { word == $0 || word.hasPrefix($0 + "=") } }
        let words =
            ["--ignore-stdin"] + (choosesOutput ? [] : ["--print=b"]) + line.words.map { $0 == "URL" ? url : $0 }
        if case .echoFile(let name) = line.comparison {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        var environment = ProcessInfo.processInfo.environment
        environment["HTTPIE_CONFIG_DIR"] = folder.appendingPathComponent("httpie").path
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("xdg").path
        environment["TERN_WORKSPACE"] = nil
        environment["NO_COLOR"] = "1"
        let executable = tool == "tern" ? Tern.binary.path : tool
        let outcome = try await ChildProcess.run(
            executable, words, in: folder.path, environment: environment, joinErrors: false)
        var file: String?
        if case .echoFile(let name) = line.comparison {
            file = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return Outcome(
            status: outcome.status, stdout: outcome.text, stderr: String(decoding: outcome.error, as: UTF8.self),
            file: file)
    }

    @Test("each line of the corpus", arguments: corpus)
    func sameRequest(line: Line) async throws {
        let http = try #require(HTTPie.path)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-httpie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("Loves maths\n".utf8).write(to: folder.appendingPathComponent("bio.txt"))
        try Data(#"{"v":[1,2]}"#.utf8).write(to: folder.appendingPathComponent("meta.json"))
        try await withMockServer { server in
            let url = server.baseURL.appendingPathComponent(line.path).absoluteString
            // A session line runs once to make the session, then is compared: the second request sends what
            // the first kept.
            let isSession = line.words.contains { $0.hasPrefix("--session") }
            if isSession {
                let variant = Line(words: line.words.filter { !$0.hasPrefix("X-S:") && $0 != "-a" && $0 != "u:p" })
                _ = try await Self.run(http, line, url: url, in: folder)
                _ = try await Self.run("tern", line, url: url, in: folder)
                let theirs = try await Self.run(http, variant, url: url, in: folder)
                let ours = try await Self.run("tern", variant, url: url, in: folder)
                try Self.compare(line, theirs: theirs, ours: ours)
                return
            }
            let theirs = try await Self.run(http, line, url: url, in: folder)
            let ours = try await Self.run("tern", line, url: url, in: folder)
            try Self.compare(line, theirs: theirs, ours: ours)
        }
    }

    static func compare(_ line: Line, theirs: Outcome, ours: Outcome) throws {
        #expect(ours.status == theirs.status, "\(line): tern \(ours.status) (\(ours.stderr)), http \(theirs.status)")
        switch line.comparison {
        case .exitStatus:
            return
        case .statusLine:
            // HTTPie ends its lines with CR LF in a pipe.
            let first = { (text: String) in
                text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").first.map(String.init)
            }
            #expect(first(ours.stdout) == first(theirs.stdout), "\(line): \(ours.stdout) vs \(theirs.stdout)")
            #expect(!ours.stdout.contains("\"method\""), "\(line): the body is not printed: \(ours.stdout)")
            return
        case .offlineBody:
            let body = { (text: String) -> NSObject in
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                return (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? NSObject) ?? trimmed as NSString
            }
            #expect(body(ours.stdout) == body(theirs.stdout), "\(line): \(ours.stdout) vs \(theirs.stdout)")
            return
        case .echo, .echoFile, .echoLastLine:
            break
        }
        let last = { (text: String) in
            text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").last.map(String.init) ?? ""
        }
        let isLast = if case .echoLastLine = line.comparison { true } else { false }
        let expected = try Self.echo(theirs.file ?? (isLast ? last(theirs.stdout) : theirs.stdout))
        let actual = try Self.echo(ours.file ?? (isLast ? last(ours.stdout) : ours.stdout))
        #expect(actual["method"] as? String == expected["method"] as? String, "\(line)")
        #expect(actual["path"] as? String == expected["path"] as? String, "\(line)")
        let theirQuery = (expected["queryItems"] as? [[String]]) ?? []
        let ourQuery = (actual["queryItems"] as? [[String]]) ?? []
        #expect(ourQuery == theirQuery, "\(line)")
        #expect(
            Self.comparable(actual) == Self.comparable(expected),
            "\(line): \(actual["body"] ?? "") vs \(expected["body"] ?? "")")
        let theirHeaders = expected["headers"] as? [String: String] ?? [:]
        let ourHeaders = actual["headers"] as? [String: String] ?? [:]
        for name in line.named {
            #expect(ourHeaders[name] == theirHeaders[name], "\(line): \(name)")
        }
        // The body's media type always agrees (HTTPie adds a charset to forms).
        let media = { (headers: [String: String]) in
            headers["content-type"].map { String($0.split(separator: ";")[0]) }
        }
        #expect(media(ourHeaders) == media(theirHeaders), "\(line)")
    }

    @Test("the corpus has at least 60 lines, and options before the method among them")
    func corpusSize() {
        #expect(Self.corpus.count >= 60)
        let optionsFirst = Self.corpus.filter { $0.words.first?.hasPrefix("-") == true }
        #expect(optionsFirst.count >= 30)
    }
}

/// Where HTTPie's `http` is installed, if it is.
enum HTTPie {
    static let path = ["/usr/bin/http", "/usr/local/bin/http"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
