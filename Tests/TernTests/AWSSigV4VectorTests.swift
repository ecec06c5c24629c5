import Crypto
import Foundation
import Tern
import Testing

/// The AWS SigV4 test suite (Fixtures/aws-sigv4, from awslabs/aws-c-auth): every vector, header and query form.
@Suite("AWS Signature Version 4 against the published test vectors")
struct AWSSigV4VectorTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/aws-sigv4", isDirectory: true)

    static var vectorNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.contains(".") && $0 != "LICENSE" }.sorted()
    }

    struct Context: Decodable {
        struct Credentials: Decodable {
            var accessKeyId: String
            var secretAccessKey: String
            var token: String?
        }
        var credentials: Credentials
        var expirationInSeconds: Int
        var normalize: Bool
        var region: String
        var service: String
        var signBody: Bool
        var timestamp: String
        var omitSessionToken: Bool?
    }

    /// `request.txt`: the request line, headers (folded lines joined with a space) and body.
    struct RawRequest {
        var method: String
        var path: String
        var query: String
        var headers: [(name: String, value: String)]
        var body: Data
    }

    static func text(_ vector: String, _ file: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(vector).appendingPathComponent(file), encoding: .utf8)
    }

    static func parse(_ text: String) throws -> RawRequest {
        let (head, body) =
            text.range(of: "\n\n").map { (String(text[..<$0.lowerBound]), String(text[$0.upperBound...])) }
            ?? (text, "")
        var lines = head.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let requestLine = try #require(lines.first)
        lines.removeFirst()
        let method = try #require(requestLine.split(separator: " ").first).description
        let target = try #require(requestLine.dropFirst(method.count + 1).components(separatedBy: " HTTP/").first)
        let mark = target.firstIndex(of: "?")
        var headers: [(name: String, value: String)] = []
        for line in lines where !line.isEmpty {
            if line.first == " " || line.first == "\t", let last = headers.popLast() {
                headers.append((last.name, last.value + " " + line.trimmingCharacters(in: .whitespaces)))
                continue
            }
            let colon = try #require(line.firstIndex(of: ":"))
            headers.append((String(line[..<colon]), String(line[line.index(after: colon)...])))
        }
        return RawRequest(
            method: method, path: String(target[..<(mark ?? target.endIndex)]),
            query: mark.map { String(target[target.index(after: $0)...]) } ?? "", headers: headers,
            body: Data(body.utf8))
    }

    static func signer(_ context: Context) -> AWSSigV4Signer {
        var signer = AWSSigV4Signer(
            credentials: AWSCredentials(
                accessKeyID: context.credentials.accessKeyId,
                secretAccessKey: context.credentials.secretAccessKey, sessionToken: context.credentials.token),
            region: context.region, service: context.service)
        signer.normalizesPath = context.normalize
        signer.doubleEncodesPath = true  // the vectors' paths are raw: encoding them once is the double encoding
        signer.sendsContentHash = context.signBody
        signer.signsSessionToken = !(context.omitSessionToken ?? false)
        return signer
    }

    static func load(_ vector: String) throws -> (Context, RawRequest, Date, String) {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let context = try decoder.decode(Context.self, from: Data(text(vector, "context.json").utf8))
        let request = try parse(text(vector, "request.txt"))
        let date = try #require(ISO8601DateFormatter().date(from: context.timestamp))
        let payload = SHA256.hash(data: request.body).map { byte in
            (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined()
        return (context, request, date, payload)
    }

    @Test("the suite is all here")
    func suitePresent() {
        #expect(Self.vectorNames.count == 38)
    }

    @Test("header form: canonical request, string to sign, signature and Authorization", arguments: vectorNames)
    func headerForm(vector: String) throws {
        let (context, request, date, payload) = try Self.load(vector)
        let (added, signature) = Self.signer(context).headerSignature(
            method: request.method, path: request.path, query: request.query, headers: request.headers,
            payloadHash: payload, date: date)
        #expect(signature.canonicalRequest.text == (try Self.text(vector, "header-canonical-request.txt")))
        #expect(signature.stringToSign == (try Self.text(vector, "header-string-to-sign.txt")))
        #expect(signature.signature == (try Self.text(vector, "header-signature.txt")))
        let signedRequest = try Self.text(vector, "header-signed-request.txt")
        let authorization = try #require(added.last { $0.name == "Authorization" })
        #expect(signedRequest.contains("Authorization:\(authorization.value)\n"))
    }

    @Test("query form (presigned): canonical request, string to sign and signature", arguments: vectorNames)
    func queryForm(vector: String) throws {
        let (context, request, date, payload) = try Self.load(vector)
        let (query, signature) = Self.signer(context).querySignature(
            method: request.method, path: request.path, query: request.query, headers: request.headers,
            payloadHash: payload, date: date, expires: context.expirationInSeconds)
        #expect(signature.canonicalRequest.text == (try Self.text(vector, "query-canonical-request.txt")))
        #expect(signature.stringToSign == (try Self.text(vector, "query-string-to-sign.txt")))
        #expect(signature.signature == (try Self.text(vector, "query-signature.txt")))
        #expect(query.contains("X-Amz-Signature=\(signature.signature)"))
    }

    @Test("the signing key of the AWS documentation's example")
    func documentedSigningKey() {
        let signer = AWSSigV4Signer(
            credentials: AWSCredentials(
                accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
            region: "us-east-1", service: "iam")
        let key = signer.signingKey(dateStamp: "20150830").withUnsafeBytes { Array($0) }
        let hex = key.map { (($0 < 16) ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(hex == "c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9")
    }
}
