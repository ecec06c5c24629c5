import Foundation
import Testing

@_spi(Fuzzing) @testable import TernProtobuf

/// A short in-process fuzz run: random and mutated inputs through the fuzzing entry points must
/// come back (errors are fine), never trap.
@Suite struct FuzzingTests {
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    @Test func randomAndMutatedInputsDoNotTrap() throws {
        let schema = try #require(ProtobufFuzzing.schema)
        let fuzz = try #require(schema.message(named: "fuzz.Fuzz"))
        let seedJSON = #"""
            {"fInt64": "-5", "rDouble": [1.5, "NaN"], "byName": {"a": {"name": "x", "child": {}}},
             "byNumber": {"-3": "RED"},
             "wTimestamp": "2024-01-01T00:00:00Z", "wAny": {"@type": "type.googleapis.com/fuzz.Fuzz", "id": "3"},
             "wValue": {"a": [1, null, {"b": true}]}, "wDuration": "-1.5s", "legacy": {"id": 1, "item": {"count": 2}},
             "colors": ["GREEN", 7], "wFieldmask": "aB.c", "uInt32": [1, 2]}
            """#
        let seed = try DynamicMessage(json: Array(seedJSON.utf8), as: fuzz)
        let seeds: [[UInt8]] = [[0] + seed.binary(), [1] + Array(seedJSON.utf8)]
        var generator = Generator(state: 20_261_202)
        var runs = 0
        for round in 0..<3000 {
            var input: [UInt8]
            if round % 3 == 0 {
                input = (0..<Int.random(in: 1...64, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                }
            } else {
                input = seeds[round % 2]
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let at = Int.random(in: 1..<input.count, using: &generator)
                    switch Int.random(in: 0...2, using: &generator) {
                    case 0: input[at] = UInt8.random(in: 0...255, using: &generator)
                    case 1: input.remove(at: at)
                    default: input.insert(input[at], at: at)
                    }
                }
            }
            input.withUnsafeBytes { ProtobufFuzzing.message($0) }
            input.withUnsafeBytes { ProtobufFuzzing.descriptorSet($0) }
            runs += 1
        }
        #expect(runs == 3000)
    }

    @Test func descriptorSetEntryTakesTheRichSchema() throws {
        let data = try Data(contentsOf: Fixtures.directory.appendingPathComponent("rich.protoset"))
        var bytes = [UInt8](data)
        bytes.withUnsafeBytes { ProtobufFuzzing.descriptorSet($0) }
        var generator = Generator(state: 7)
        for _ in 0..<300 {
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            bytes[at] = UInt8.random(in: 0...255, using: &generator)
            bytes.withUnsafeBytes { ProtobufFuzzing.descriptorSet($0) }
        }
    }
}
