import Foundation
import TernTesting
import Testing

/// `tern` and HTTPie itself send the same request for command lines from HTTPie's documentation: both
/// go to the mock server's `/echo`, and the method, path, query, body (JSON compared as JSON, forms as
/// their fields) and every header the line names must agree.
@Suite(
    "tern against HTTPie: the same request for the same command line", .serialized,
    .enabled(
        if: HTTPie.path != nil,
        "HTTPie (the 'http' command) is not installed, so tern is NOT compared with it: 'make deps' installs it"))
struct HTTPieDifferentialTests {
    /// A command line: the method word (or none) and the items after the URL, with the headers it names.
    struct Line: Sendable, CustomStringConvertible {
        var words: [String]
        var named: [String] = []
        var description: String { words.joined(separator: " ") }
    }

    static let corpus: [Line] = [
        Line(words: ["GET"]),
        Line(words: ["search==tern", "page==2"]),
        Line(words: ["PUT", "name=John", "email=john@example.org"]),
        Line(words: ["X-API-Token:123", "User-Agent:Bacon/1.0"], named: ["x-api-token", "user-agent"]),
        Line(
            words: [
                "POST", "age:=29", "married:=false", #"hobbies:=["http","pies"]"#, #"favorite:={"tool":"HTTPie"}"#,
            ],
            named: ["content-type"]),
        Line(words: ["POST", "user[name]=Ada", "user[langs][]=en", "user[langs][]=fr", "items[1][id]:=2"]),
        Line(words: ["POST", "[]:=1", "[]:=2"]),
        Line(words: ["--form", "POST", "name=John Smith", "city=Ünterhaching"]),
        Line(words: ["POST", "a\\=b=c", "e\\:x=1"]),
        Line(words: ["PATCH", "bio=@bio.txt"]),
        Line(words: ["POST", "meta:=@meta.json"]),
        Line(words: ["DELETE", "Accept:text/plain"], named: ["accept"]),
        Line(words: ["--auth", "ada:secret", "GET"], named: ["authorization"]),
        Line(words: ["url==http://x.org/?q=1", "X-Note:a=b"], named: ["x-note"]),
        Line(words: ["tag==a", "page==1", "tag==b"]),
        Line(words: ["X-Tag:a", "X-Tag:b"], named: ["x-tag"]),
        Line(words: ["--form", "POST", "a=1", "a=2"]),
    ]

    private static func echo(_ output: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
    }

    /// The body as something comparable: JSON as JSON, a form as its sorted fields, else the text.
    private static func comparable(_ echo: [String: Any]) -> NSObject {
        let body = echo["body"] as? String ?? ""
        let type = ((echo["headers"] as? [String: String])?["content-type"] ?? "").lowercased()
        if type.hasPrefix("application/json"),
            let json = try? JSONSerialization.jsonObject(
                with: Data(body.utf8), options: [.fragmentsAllowed]) as? NSObject
        {
            return json
        }
        if type.hasPrefix("application/x-www-form-urlencoded") {
            var components = URLComponents()
            components.percentEncodedQuery = body.replacingOccurrences(of: "+", with: "%20")
            return (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }.sorted() as NSArray
        }
        return body as NSString
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
            let url = server.baseURL.appendingPathComponent("echo/path").absoluteString
            // Options first, then the method (if any), the URL and the items, as HTTPie takes them.
            var options: [String] = []
            var rest = line.words[...]
            while let first = rest.first, first.hasPrefix("--") {
                options.append(first)
                rest = rest.dropFirst()
                if first == "--auth", let value = rest.first {
                    options.append(value)
                    rest = rest.dropFirst()
                }
            }
            var method: String?
            if let first = rest.first, ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(first) {
                method = first
                rest = rest.dropFirst()
            }
            let items = Array(rest)
            let theirs = try await ChildProcess.run(
                http, ["--ignore-stdin", "--print=b"] + options + (method.map { [$0] } ?? []) + [url] + items,
                in: folder.path, joinErrors: false)
            #expect(theirs.status == 0, "http: \(String(decoding: theirs.error, as: UTF8.self))")
            // Without a method word, `tern URL …` infers it as HTTPie does.
            let tern = try await Tern.run(
                (method.map { [$0.lowercased()] } ?? []) + [url] + items + options,
                in: folder, environment: ["XDG_DATA_HOME": folder.appendingPathComponent("xdg").path])
            #expect(tern.status == 0, "tern: \(tern.stderr)")
            let expected = try Self.echo(theirs.text)
            let actual = try Self.echo(tern.stdout)
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
    }
}

/// Where HTTPie's `http` is installed, if it is.
enum HTTPie {
    static let path = ["/usr/bin/http", "/usr/local/bin/http"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
