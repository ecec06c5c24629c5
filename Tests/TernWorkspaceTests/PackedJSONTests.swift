import Foundation
import Tern
import Testing

@testable import TernWorkspace

/// A sample body kept packed reads back exactly what was put in.
@Suite struct PackedJSONTests {
    @Test func everyKindOfValueReadsBackAsItWas() {
        let values: [JSONValue] = [
            .null, .bool(true), .bool(false), .int(0), .int(Int.max), .int(Int.min), .int(-1),
            .double(0.1), .double(-0.0), .double(.infinity), .double(-.infinity), .double(1e308),
            .string(""), .string("é ☃ 🦩 \u{0} \"quoted\"\n"), .array([]), .object([:]),
            .object(["b": .array([.int(1), .double(2.5), .null]), "a": .object(["": .string("empty key")])]),
        ]
        for value in values {
            #expect(PackedJSON(value).value == value)
        }
        let nan = PackedJSON(.double(.nan)).value
        guard case .double(let number) = nan else {
            Issue.record("NaN read back as \(nan)")
            return
        }
        #expect(number.bitPattern == Double.nan.bitPattern)
    }

    /// The JSON Schema Test Suite's files (deep, wide, every kind of number and string) as values.
    @Test func realDocumentsReadBackAsTheyWere() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TernJSONSchemaTests/Fixtures/JSON-Schema-Test-Suite/tests/draft2020-12")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(files.count > 40)
        for file in files {
            let value = try JSONDecoder().decode(
                JSONValue.self, from: Data(contentsOf: folder.appendingPathComponent(file)))
            let packed = PackedJSON(value)
            #expect(packed.value == value, "\(file)")
            #expect(packed.bytes.count < 2 * (try Data(contentsOf: folder.appendingPathComponent(file))).count)
        }
    }

    @Test func equalObjectsPackToTheSameBytesWhateverTheirOrder() {
        var first: [String: JSONValue] = [:]
        var second: [String: JSONValue] = [:]
        for index in 0..<200 { first["key\(index)"] = .int(index) }
        for index in (0..<200).reversed() { second["key\(index)"] = .int(index) }
        #expect(PackedJSON(.object(first)).bytes == PackedJSON(.object(second)).bytes)
        #expect(PackedJSON(.null).isNull)
        #expect(!PackedJSON(.string("null")).isNull)
    }

    @Test func aBuiltValueKeepsItsMembersInTheOrderGiven() {
        var builder = PackedJSON.Builder()
        builder.object(count: 2)
        builder.key("b")
        builder.array(count: 2)
        builder.scalar(.int(1))
        builder.scalar(.string("x"))
        builder.key("a")
        builder.scalar(.null)
        let packed = builder.packed
        #expect(packed.value == .object(["b": .array([.int(1), .string("x")]), "a": .null]))
        let text = packed.fold(
            scalar: { $0.scalarText ?? "null" }, array: { "[" + $0.joined(separator: ",") + "]" },
            object: { "{" + $0.map { "\($0.key):\($0.value)" }.joined(separator: ",") + "}" })
        #expect(text == "{b:[1,x],a:null}")
        // The same value packed from a tree has its keys sorted: other bytes, equal samples.
        #expect(PackedJSON(packed.value).bytes != packed.bytes)
        var fromFile = SampleDefinition()
        fromFile.packedBody = packed
        #expect(fromFile == SampleDefinition(body: packed.value))
    }

    @Test func aSampleKeepsItsBodyPackedAndComparesByValue() {
        var sample = SampleDefinition(status: 201, body: .object(["id": .int(7)]))
        #expect(sample.body == .object(["id": .int(7)]))
        sample.body = .string("plain")
        #expect(sample.body == .string("plain"))
        #expect(sample == SampleDefinition(status: 201, body: .string("plain")))
        #expect(sample != SampleDefinition(status: 201, body: .string("other")))
        #expect(SampleDefinition(body: .double(0.0)) == SampleDefinition(body: .double(-0.0)))
    }
}
