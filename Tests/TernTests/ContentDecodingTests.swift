import Foundation
import HTTPTypes
import TernTesting
import Testing

@testable import Tern

/// Compresses `data` with a real program (`gzip`, Python's zlib): the oracle Tern's decoder must agree with.
func compressed(_ data: Data, script: String) async throws -> Data {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-zip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in")
    let output = folder.appendingPathComponent("out")
    try data.write(to: input)
    let result = try await ExternalCommand.run("/bin/sh", ["-c", script, "sh", input.path, output.path])
    try #require(result.status == 0, "\(result.output)")
    return try Data(contentsOf: output)
}

let gzipScript = #"gzip -n -9 -c "$1" > "$2""#
let zlibScript =
    #"python3 -c 'import sys,zlib; open(sys.argv[2],"wb").write(zlib.compress(open(sys.argv[1],"rb").read()))'"#
    + #" "$1" "$2""#

/// A fixture that compresses well but not trivially: 200 lines of JSON-ish text.
let fixture = Data((0..<200).map { #"{"id":\#($0),"name":"User \#($0)","tags":["a","b"]}"# + "\n" }.joined().utf8)

@Suite("Content decoding: zlib streaming, limits and the Content-Encoding rules")
struct ContentDecodingTests {
    @Test("the real gzip command's output decodes to the fixture, fed in chunks of any size", arguments: [1, 7, 4096])
    func gzipOracle(chunk: Int) async throws {
        let gzip = try await compressed(fixture, script: gzipScript)
        #expect(gzip.count < fixture.count / 4)
        let decoded = Inflater.inflate(gzip, format: .gzipOrZlib, limit: 1 << 20, inputChunk: chunk)
        #expect(decoded == .success(fixture))
    }

    @Test("zlib, raw deflate (gzip's stream without header and trailer) and concatenated gzip members")
    func framings() async throws {
        let gzip = try await compressed(fixture, script: gzipScript)
        let zlib = try await compressed(fixture, script: zlibScript)
        let raw = gzip.dropFirst(10).dropLast(8)
        let headers: HTTPFields = [.contentEncoding: "deflate"]
        #expect(try ContentDecoder.decode(zlib, headers: headers, limit: 1 << 20, label: "t")?.body == fixture)
        #expect(try ContentDecoder.decode(Data(raw), headers: headers, limit: 1 << 20, label: "t")?.body == fixture)
        #expect(Inflater.inflate(Data(raw), format: .gzipOrZlib, limit: 1 << 20) != .success(fixture))
        let twice = Inflater.inflate(gzip + gzip, format: .gzipOrZlib, limit: 1 << 20)
        #expect(twice == .success(fixture + fixture))
    }

    @Test("a bomb stops at the limit, without holding more than the limit")
    func bomb() async throws {
        let zeros = Data(count: 8 << 20)
        let gzip = try await compressed(zeros, script: gzipScript)
        #expect(gzip.count < 64 * 1024)
        #expect(Inflater.inflate(gzip, format: .gzipOrZlib, limit: 1 << 20) == .failure(.tooLarge))
        #expect(Inflater.inflate(gzip, format: .gzipOrZlib, limit: 8 << 20) == .success(zeros))
        let error = #expect(throws: TernError.self) {
            try ContentDecoder.decode(gzip, headers: [.contentEncoding: "gzip"], limit: 1_000_000, label: "GET /b")
        }
        #expect(error?.kind == .unsupported)
        #expect(error?.message.hasPrefix("the gzip body decodes to more than 1000000 bytes") == true)
    }

    @Test("truncated and corrupt streams are clear .decoding errors")
    func truncatedAndCorrupt() async throws {
        let gzip = try await compressed(fixture, script: gzipScript)
        for cut in [1, 10, gzip.count / 2, gzip.count - 1] {
            let result = Inflater.inflate(gzip.prefix(cut), format: .gzipOrZlib, limit: 1 << 20)
            #expect(result == .failure(.truncated), "cut at \(cut)")
        }
        let truncated = #expect(throws: TernError.self) {
            try ContentDecoder.decode(gzip.prefix(40), headers: [.contentEncoding: "gzip"], limit: 1 << 20, label: "t")
        }
        #expect(truncated?.kind == .decoding && truncated?.message.contains("truncated") == true)
        var corrupt = gzip
        corrupt[corrupt.startIndex + 20] ^= 0xff
        corrupt[corrupt.startIndex + 21] ^= 0xff
        let garbage = #expect(throws: TernError.self) {
            try ContentDecoder.decode(
                Data("not gzip at all".utf8), headers: [.contentEncoding: "gzip"], limit: 1 << 20, label: "t")
        }
        #expect(garbage?.kind == .decoding && garbage?.message.contains("not a valid gzip stream") == true)
        if case .success(let data) = Inflater.inflate(corrupt, format: .gzipOrZlib, limit: 1 << 20) {
            #expect(data != fixture)
        }
    }

    @Test("identity and empty bodies are left alone; unknown codings are kept as received with a note")
    func headerRules() async throws {
        let body = Data("{}".utf8)
        #expect(try ContentDecoder.decode(body, headers: [.contentEncoding: "identity"], limit: 10, label: "t") == nil)
        #expect(try ContentDecoder.decode(Data(), headers: [.contentEncoding: "gzip"], limit: 10, label: "t") == nil)
        let kept = try #require(
            try ContentDecoder.decode(body, headers: [.contentEncoding: "br"], limit: 10, label: "t"))
        #expect(kept.body == body && !kept.decoding.isDecoded && kept.decoding.note?.contains("'br'") == true)
        let mixed = try #require(
            try ContentDecoder.decode(body, headers: [.contentEncoding: "gzip, zstd"], limit: 10, label: "t"))
        #expect(mixed.body == body && !mixed.decoding.isDecoded)
        #expect(ContentDecoder.codings([.contentEncoding: " GZIP ,identity, x-gzip"]) == ["gzip", "x-gzip"])
    }

    @Test("stacked codings decode right to left; more than four are refused")
    func stacked() async throws {
        let once = try await compressed(fixture, script: gzipScript)
        let twice = try await compressed(once, script: gzipScript)
        let decoded = try #require(
            try ContentDecoder.decode(twice, headers: [.contentEncoding: "gzip, gzip"], limit: 1 << 20, label: "t"))
        #expect(decoded.body == fixture && decoded.decoding.encoding == "gzip, gzip")
        #expect(decoded.decoding.encodedByteCount == Int64(twice.count))
        let refused = #expect(throws: TernError.self) {
            try ContentDecoder.decode(
                twice, headers: [.contentEncoding: "gzip, gzip, gzip, gzip, gzip"], limit: 1 << 20, label: "t")
        }
        #expect(refused?.kind == .unsupported && refused?.message.contains("stacked") == true)
    }

    @Test("the decoded-size limit defaults to the in-memory body limit")
    func limitDefault() {
        var limits = TransferLimits(maximumBodyBytes: 1234)
        #expect(limits.decodedBodyLimit == 1234)
        limits.maximumDecodedBodyBytes = 99
        #expect(limits.decodedBodyLimit == 99)
        #expect(throws: TernError.self) { try limits.checkDecoded(100, coding: "gzip", label: "t") }
    }
}
