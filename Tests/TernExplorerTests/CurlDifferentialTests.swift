import Foundation
import TernExplorer
import TernInterchange
import TernTesting
import Testing

/// Differential tests: the real `curl` and Tern (the imported spec, then the exported command)
/// send the same method, target, body and headers to one echo server.
@Suite("curl import differential", .serialized)
struct CurlDifferentialTests {
    static let cases: [CurlCase] = [
        CurlCase(name: "plain GET with a query", command: "curl '{B}/get?x=1&y=two%20words'"),
        CurlCase(name: "-X keeps the method's case", command: "curl -X wHat {B}/method"),
        CurlCase(
            name: "data options join with &",
            command: "curl -XPOST -d 'a=1' -d 'b=two words' --data-urlencode 'c=d&e' --data-ascii x=y {B}/form"),
        CurlCase(name: "-d @file strips CR and LF", command: "curl -d @form.txt {B}/strip"),
        CurlCase(name: "--data-binary @file is sent as is", command: "curl --data-binary @form.txt {B}/binary"),
        CurlCase(name: "--data-raw does not read files", command: "curl --data-raw '@not-a-file' {B}/raw"),
        CurlCase(
            name: "--data-urlencode forms",
            command: "curl --data-urlencode @notes.txt --data-urlencode 'n@notes.txt' --data-urlencode '=x y' "
                + "--data-urlencode 'plain text' {B}/encoded"),
        CurlCase(
            name: "-G moves the data into the query",
            command: "curl -G -d q=1 --data-urlencode 'w=a b' '{B}/search?z=0'"),
        CurlCase(name: "--json sets the JSON headers", command: #"curl --json '{"a": 1}' {B}/json"#),
        CurlCase(name: "-X PATCH --json @file", command: "curl -X PATCH --json @body.json {B}/patch"),
        CurlCase(
            name: "a -H Content-Type wins",
            command: #"curl -H 'Content-Type: application/vnd.x+json' -d '{"b":2}' {B}/content-type"#),
        CurlCase(
            name: "-F values, files, types, file names and <file",
            command: "curl -F 'a=b' -F 'f=@body.json' -F 'p=@pic.png;type=image/x-test;filename=x.png' "
                + "-F 'c=<notes.txt' -F 't=hello;type=text/x-note' {B}/upload"),
        CurlCase(name: "-T uploads with PUT and no Content-Type", command: "curl -T upload.bin {B}/put/"),
        CurlCase(name: "-u user:password", command: "curl -u alice:s3cret {B}/basic", tern: ["PASSWORD": "s3cret"]),
        CurlCase(
            name: "--basic, --user and -k", command: "curl --basic --user 'alice:s3cret' -k {B}/basic-long",
            tern: ["PASSWORD": "s3cret"]),
        CurlCase(
            name: "--oauth2-bearer (curl's manual)", command: #"curl --oauth2-bearer "mF_9.B5f-4.1JqM" {B}/bearer2"#,
            tern: ["TOKEN": "mF_9.B5f-4.1JqM"]),
        CurlCase(
            name: "user info in the URL", command: "curl 'http://alice:s3cret@{H}/userinfo'",
            tern: ["PASSWORD": "s3cret"]),
        CurlCase(
            name: "-A, -e and repeated -H",
            command: "curl -A 'Agent/1.0' -e 'http://ref.example/;auto' -H 'X-One: 1' -H 'X-One: 2' "
                + "-H 'X-Empty;' {B}/headers"),
        CurlCase(
            name: "cookies from several -b go out as one line",
            command: "curl -b 'theme=dark; sessionid=S1' -b 'lang=en' {B}/cookies", tern: ["SESSIONID": "S1"]),
        CurlCase(
            name: "a -H Cookie replaces -b; several -H Cookie are joined",
            command: "curl -b 'theme=dark' -H 'Cookie: a=1' -H 'Cookie: b=2' {B}/cookie-headers"),
        CurlCase(name: "-I is HEAD", command: "curl -sSI {B}/head"),
        CurlCase(
            name: "a shell variable becomes {{env:NAME}}",
            command: #"curl -sSL -H "Authorization: Bearer $TOKEN" {B}/bearer"#,
            shell: ["TOKEN": "tk-123"], tern: ["TOKEN": "tk-123"]),
        CurlCase(name: "$'…' quoting and -H @file", command: #"curl $'{B}/ansi?q=\x41' -H @headers.txt"#),
        CurlCase(
            name: "credential-like query values", command: "curl '{B}/q?api_key=K1&page=2'", tern: ["API_KEY": "K1"]),
        CurlCase(name: "-d with -X PUT", command: "curl -d a=1 -X PUT {B}/put-data -k --max-time 20"),
        CurlCase(name: "-r and a plain query (rows)", command: "curl -r 0-99 '{B}/range?page=2&size=10'"),
        CurlCase(
            name: "a continued command with a prompt",
            command: "$ curl {B}/continued \\\n  -H 'X-A: 1' \\\n  --data-binary $'line1\\nline2'"),
    ]

    @Test("curl and the imported spec send the same request", arguments: cases)
    func importedSpecSendsWhatCurlSends(_ testCase: CurlCase) async throws {
        let server = try RawEchoServer()
        defer { server.stop() }
        try await withFolder { folder in
            try CurlDifferential.writeFixtures(in: folder.url)
            let command = testCase.command.replacingOccurrences(of: "{B}", with: server.baseURL)
                .replacingOccurrences(of: "{H}", with: "127.0.0.1:\(server.port)")
            let shellCommand = command.hasPrefix("$ ") ? String(command.dropFirst(2)) : command
            try await CurlDifferential.bash(shellCommand, in: folder.url, environment: testCase.shell)
            let fromCurl = try #require(server.take().last, "curl sent nothing")
            let (session, collection) = try CurlDifferential.importAndOpen(
                command, folder: folder.url, environment: testCase.tern)
            _ = try await session.send("imported")
            let fromTern = try #require(server.take().last, "tern sent nothing")
            let problems = CurlDifferential.differences(curl: fromCurl, tern: fromTern)
            #expect(problems.isEmpty, "\(testCase.name): \(problems) warnings: \(collection.warnings)")
            for secret in ["s3cret", "S1", "K1"] + testCase.tern.values {
                #expect(!collection.warnings.joined().contains(secret))
            }
        }
    }

    @Test("The exported command makes curl send what tern sends", arguments: cases)
    func exportedCommandSendsWhatTernSends(_ testCase: CurlCase) async throws {
        let server = try RawEchoServer()
        defer { server.stop() }
        try await withFolder { folder in
            try CurlDifferential.writeFixtures(in: folder.url)
            let command = testCase.command.replacingOccurrences(of: "{B}", with: server.baseURL)
                .replacingOccurrences(of: "{H}", with: "127.0.0.1:\(server.port)")
            let (session, _) = try CurlDifferential.importAndOpen(
                command, folder: folder.url, environment: testCase.tern)
            _ = try await session.send("imported")
            let fromTern = try #require(server.take().last, "tern sent nothing")
            let exported = try await CurlCommand.command(forSpec: "imported", in: session)
            for value in testCase.tern.values { #expect(!exported.contains(value), "\(exported)") }
            let root = folder.url.appendingPathComponent("ws")
            try await CurlDifferential.bash(exported, in: root, environment: testCase.tern)
            let fromExport = try #require(server.take().last, "the exported command sent nothing: \(exported)")
            let problems = CurlDifferential.differences(curl: fromTern, tern: fromExport)
            #expect(problems.isEmpty, "\(testCase.name): \(problems) command: \(exported)")
        }
    }
}
