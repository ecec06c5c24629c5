import Foundation
import Testing

@_spi(Fuzzing) @testable import TernWorkspace

/// The fuzzing entry point on the demo files and deterministic mutations of them: a short,
/// in-process stand-in for `scripts/fuzz.sh` that runs with every `make test`.
@Suite struct FuzzSmokeTests {
    static let demoFiles: [String] = {
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("workspaces/demo")
        let files =
            FileManager.default.enumerator(at: demo, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "yaml" } ?? []
        return files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
    }()

    @Test func demoFilesAreAcceptedByTheirReaders() throws {
        try #require(Self.demoFiles.count >= 8)
        let accepted = Self.demoFiles.filter { text in
            WorkspaceFuzzing.Target.allCases.contains { WorkspaceFuzzing.run($0, text: text) }
        }
        #expect(accepted.count == Self.demoFiles.count)
    }

    @Test func mutatedInputsNeverCrashAndSomeAreRejected() {
        var random = SplitMix(seed: 1)
        let pieces = ["{{", "}}", "[", "]", "&a ", "*a", ": ", "\n  ", "- ", "1e400", "9300000000", "%", "\u{0}", "é"]
        var rejected = 0
        for index in 0..<2_000 {
            var bytes = Array(Self.demoFiles[index % Self.demoFiles.count].utf8)
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0:
                    let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                    bytes.insert(contentsOf: Array(piece.utf8), at: position)
                case 1: if !bytes.isEmpty { bytes.remove(at: position) }
                default: if !bytes.isEmpty { bytes[position] = UInt8(truncatingIfNeeded: random.next()) }
                }
            }
            if !WorkspaceFuzzing.run([UInt8(index % 4)] + bytes) { rejected += 1 }
        }
        #expect(rejected > 0)
        #expect(rejected < 2_000)
    }
}

/// A small deterministic random source (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
