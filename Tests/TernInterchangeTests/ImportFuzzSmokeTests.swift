import Foundation
import Testing

@_spi(Fuzzing) @testable import TernInterchange

/// The import fuzzing entry point on the importers' fixtures and deterministic mutations of them: a
/// short, in-process stand-in for `FuzzImport` in `scripts/fuzz.sh` that runs with every `make test`.
@Suite struct ImportFuzzSmokeTests {
    /// Each small fixture with the byte that picks its importer, as the fuzz script seeds them.
    static let seeds: [(format: ImportFormat, bytes: [UInt8])] = {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let folders: [(String, ImportFormat)] = [
            ("curl", .curl), ("openapi", .openapi), ("postman", .postman), ("insomnia", .insomnia), ("har", .har),
            ("http", .http), ("grpcurl", .grpcurl), ("graphql", .graphql),
        ]
        return folders.flatMap { folder, format in
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent(folder).path))
                ?? []
            return names.sorted().filter {
                ["sh", "yaml", "json", "har", "http", "graphql"].contains(($0 as NSString).pathExtension)
            }
            .filter { !$0.contains("schema") }
            .compactMap { name -> (ImportFormat, [UInt8])? in
                guard let data = try? Data(contentsOf: fixtures.appendingPathComponent("\(folder)/\(name)")),
                    data.count < 32 << 10
                else { return nil }
                return (format, [UInt8(ImportFormat.allCases.firstIndex(of: format) ?? 0)] + data)
            }
        }
    }()

    @Test func everyImporterAcceptsItsFixtures() throws {
        try #require(Self.seeds.count >= 40)
        for format in ImportFormat.allCases {
            let accepted = Self.seeds.filter { $0.format == format && ImportFuzzing.run($0.bytes) }
            #expect(!accepted.isEmpty, "no \(format.rawValue) fixture was imported and planned")
        }
    }

    /// The `.http` corpus seeds `scripts/fuzz.sh` adds (byte 5, files under 32 KiB), through the very call
    /// `FuzzImport` makes.
    @Test func httpCorpusSeedsGoThroughTheFuzzEntryPoint() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/http-corpus")
        let files = try #require(FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "http" }
        let byte = try #require(ImportFormat.allCases.firstIndex(of: .http))
        #expect(byte == 5, "scripts/fuzz.sh seeds .http with byte 5")
        var accepted = 0
        var seeds = 0
        for file in files {
            guard let data = try? Data(contentsOf: file), data.count < 32 << 10 else { continue }
            seeds += 1
            let bytes = [UInt8(byte)] + Array(data)
            let imported = bytes.withUnsafeBufferPointer { buffer in
                ImportFuzzing.run(UnsafeBufferPointer(start: buffer.baseAddress, count: buffer.count))
            }
            if imported { accepted += 1 }
        }
        #expect(seeds >= 300)
        #expect(accepted > seeds / 2, "\(accepted) of \(seeds)")
    }

    @Test func mutatedSourcesNeverCrashAndSomeAreRejected() {
        var state: UInt64 = 1
        func next() -> UInt64 {  // SplitMix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let pieces = ["{", "}", "[", "]", "\"", "'", "\\", "$ref", "{{", "-d @", " -H ", "\n", "\u{0}", "é", "1e400"]
        var rejected = 0
        for index in 0..<300 {
            var bytes = Self.seeds[index % Self.seeds.count].bytes
            for _ in 0..<(1 + Int(next() % 4)) {
                let position = 1 + Int(next() % UInt64(bytes.count))
                switch next() % 3 {
                case 0: bytes.insert(contentsOf: Array(pieces[Int(next() % UInt64(pieces.count))].utf8), at: position)
                case 1: if position < bytes.count { bytes.remove(at: position) }
                default: if position < bytes.count { bytes[position] = UInt8(truncatingIfNeeded: next()) }
                }
            }
            if !ImportFuzzing.run(bytes) { rejected += 1 }
        }
        #expect(rejected > 0)
        #expect(rejected < 300)
    }

    @Test("an OpenAPI YAML with a list or a mapping as a key is an import error, not a trap (a fuzz finding)")
    func nonScalarKeys() {
        let document = """
            openapi: 3.0.0
            info: {title: t, version: "1"}
            paths:
              /x:
                get:
                  responses: {"200": {description: ok}}
                  [a]: b
                  ? {c: d}
                  : e
            """
        #expect(OpenAPILeniency.tree(text: document, data: Data(document.utf8), isJSON: false) == nil)
        // The whole import (OpenAPIKit reads past the odd keys here) ends without a trap either way.
        _ = ImportFuzzing.run(.openapi, data: Data(document.utf8))
        let plain = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths: {}\n"
        #expect(OpenAPILeniency.tree(text: plain, data: Data(plain.utf8), isJSON: false) != nil)
    }
}
