import Foundation
import Testing

@testable import TernProtobuf

/// The codec against protobuf's own runtime: Python's upb and json_format generate random messages
/// of the rich schema; the codec must read their bytes and JSON and write bytes Python reads back
/// as the same message.
@Suite struct DifferentialTests {
    struct Record {
        var type: String
        var binary: [UInt8]
        var json: String
        var otherJSON: String
        /// json_format's JSON with zero values printed (`always_print_fields_with_no_presence`), or empty.
        var defaultsJSON: String
    }

    /// A line of `oracle.py gen`: type, base64 bytes, JSON, base64 of the other JSON form (or empty).
    static func parse(_ line: Substring) throws -> Record {
        let parts = line.utf8.split(separator: 9, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard parts.count == 5, let binary = WellKnownText.decodeBase64(parts[1]),
            let other = WellKnownText.decodeBase64(parts[3])
        else { throw ProtobufError("a malformed line from oracle.py") }
        return Record(
            type: parts[0], binary: binary, json: parts[2], otherJSON: String(decoding: other, as: UTF8.self),
            defaultsJSON: parts[4])
    }

    /// JSON trees equal up to key order, with numbers compared as numbers (float32 tolerance).
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            guard let x = Double(x), let y = Double(y) else { return false }
            return x == y || Float(x) == Float(y) || abs(x - y) <= 1e-6 * max(abs(x), abs(y))
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            let other = Dictionary(y.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            return x.allSatisfy { member in other[member.key].map { same(member.value, $0) } ?? false }
        default:
            return a == b
        }
    }

    @Test(.enabled(if: Fixtures.python != nil, "python3 with google.protobuf is not installed: no oracle"))
    func agreesWithPythonProtobuf() throws {
        let pool = try Fixtures.pool()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tern-protobuf-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let generated = directory.appendingPathComponent("generated.jsonl")
        let script = Fixtures.directory.appendingPathComponent("oracle.py").path
        // TERN_PROTOBUF_ORACLE_SEED and _COUNT run another or a longer sample (defaults: 20261202, 10000).
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["TERN_PROTOBUF_ORACLE_SEED"] ?? "20261202"
        let count = environment["TERN_PROTOBUF_ORACLE_COUNT"] ?? "10000"
        let gen = try Fixtures.run(
            Fixtures.python ?? "", Fixtures.pythonArguments([script, "gen", seed, count, generated.path]))
        try #require(gen.status == 0, "oracle.py gen failed: \(gen.errors)")

        var records = 0
        var jsonAgree = 0
        var otherForms = 0
        var withDefaults = 0
        var defaultsAgree = 0
        var disagreements: [String] = []
        var answers = ""
        for line in try String(contentsOf: generated, encoding: .utf8).utf8.split(separator: 10) {
            let record = try Self.parse(Substring(line))
            records += 1
            guard let type = pool.message(named: record.type) else {
                disagreements.append("\(record.type): not in the pool")
                continue
            }
            var roundTrip: String?
            do {
                let message = try DynamicMessage(binary: record.binary, as: type)
                roundTrip = WellKnownText.base64(message.binary())
                let ours = message.json(.compact)
                let theirs = try JSONReader.parse(Array(record.json.utf8), maximumDepth: 200)
                if Self.same(try JSONReader.parse(Array(ours.utf8), maximumDepth: 200), theirs) {
                    jsonAgree += 1
                } else {
                    disagreements.append("\(record.type) JSON differs:\n ours   \(ours)\n theirs \(record.json)")
                }
                if !record.defaultsJSON.isEmpty {
                    withDefaults += 1
                    let ours = message.json(.compact, emitDefaults: true)
                    let theirs = try JSONReader.parse(Array(record.defaultsJSON.utf8), maximumDepth: 200)
                    if Self.same(try JSONReader.parse(Array(ours.utf8), maximumDepth: 200), theirs) {
                        defaultsAgree += 1
                    } else {
                        disagreements.append(
                            "\(record.type) JSON with defaults differs:\n ours   \(ours)\n"
                                + " theirs \(record.defaultsJSON)"
                        )
                    }
                }
            } catch {
                disagreements.append("\(record.type) binary not decoded: \(error)")
            }
            var fromJSON: String?
            do {
                fromJSON = WellKnownText.base64(try DynamicMessage(json: Array(record.json.utf8), as: type).binary())
            } catch {
                disagreements.append("\(record.type) JSON not read: \(error)\n \(record.json)")
            }
            var fromOtherJSON: String?
            if !record.otherJSON.isEmpty {
                otherForms += 1
                do {
                    let message = try DynamicMessage(json: Array(record.otherJSON.utf8), as: type)
                    fromOtherJSON = WellKnownText.base64(message.binary())
                } catch {
                    disagreements.append("\(record.type) JSON (other form) not read: \(error)\n \(record.otherJSON)")
                }
            }
            var answer = "{\"t\":\"\(record.type)\",\"b\":\"\(WellKnownText.base64(record.binary))\""
            if let fromJSON { answer += ",\"fj\":\"\(fromJSON)\"" }
            if let fromOtherJSON { answer += ",\"fj2\":\"\(fromOtherJSON)\"" }
            if let roundTrip { answer += ",\"rt\":\"\(roundTrip)\"" }
            answers += answer + "}\n"
        }
        let answerFile = directory.appendingPathComponent("answers.jsonl")
        try answers.write(to: answerFile, atomically: true, encoding: .utf8)
        let check = try Fixtures.run(
            Fixtures.python ?? "", Fixtures.pythonArguments([script, "check", answerFile.path]))
        try #require(check.status == 0, "oracle.py check failed: \(check.errors)")
        let counts = String(decoding: check.output, as: UTF8.self)
        let summary = counts.split(separator: ", \"examples\"").first ?? ""
        print(
            "differential: \(records) messages; JSON output agrees with json_format on \(jsonAgree), "
                + "with defaults on \(defaultsAgree) of \(withDefaults); Python: \(summary)")
        for disagreement in disagreements.prefix(8) { print(disagreement) }
        if !counts.contains("\"examples\": []") {
            for line in counts.components(separatedBy: "\"difference\": ").dropFirst() { print(line.prefix(700)) }
        }
        #expect(records >= min(10_000, Int(count) ?? 10_000))
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements")
        #expect(otherForms >= records / 3 && withDefaults >= records / 3)
        for (kind, count) in [("json", records), ("json_other_form", otherForms), ("roundtrip", records)] {
            #expect(counts.contains("\"\(kind)_ok\": \(count),"), "\(counts)")
        }
    }
}

/// JSON input edge cases (number forms, ranges, base64 forms, timestamps, durations, Any, oneofs, maps,
/// null): the codec must accept what json_format accepts, reject what it rejects, and read the same
/// message.
@Suite struct JSONInputTests {
    /// Where the codec departs from Python's json_format on purpose, and why.
    static let deliberate: [String: String] = [
        #"{"fDouble": true}"#: "a bool is not a number (Python's bool is an int)",
        #"{"fEnum": true}"#: "a bool is not an enum number",
        #"{"fDouble": "1e400"}"#: "out of range is an error, quoted or not",
        #"{"fFloat": "1e39"}"#: "out of range is an error, quoted or not",
        #"{"value": 1e400}"#: "out of range is an error (a Value's number has no JSON for infinity)",
        #"{"fFloat": 3.4028235e38}"#: "FLT_MAX as json_format prints it; json_format refuses its own output",
        #"{"fFloat": -3.4028235e38}"#: "-FLT_MAX as json_format prints it; json_format refuses its own output",
        #"{"fBytes": "!!"}"#: "not base64 (Python's decoder drops characters outside the alphabet)",
        #"{"timestamp": "1970-01-01T00:00:00.Z"}"#: "RFC 3339 needs digits after the point",
        #"{"duration": "1.0000000001s"}"#: "more than nanosecond precision is refused, not truncated",
        #"{"duration": "+1s"}"#: "protobuf's duration grammar has no plus sign",
        #"{"duration": "1.s"}"#: "digits are needed after the point",
        #"{"empty": []}"#: "an Empty is an object",
    ]

    @Test(.enabled(if: Fixtures.python != nil, "python3 with google.protobuf is not installed: no oracle"))
    func acceptsWhatJSONFormatAccepts() throws {
        let pool = try Fixtures.pool()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tern-variants-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("variants.jsonl")
        let script = Fixtures.directory.appendingPathComponent("oracle.py").path
        let run = try Fixtures.run(Fixtures.python ?? "", Fixtures.pythonArguments([script, "variants", file.path]))
        try #require(run.status == 0, "oracle.py variants failed: \(run.errors)")
        var agreements = 0
        var deliberate = 0
        var disagreements: [String] = []
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
            guard case .object(let members) = try JSONReader.parse(Array(line.utf8), maximumDepth: 10) else { continue }
            let before = disagreements.count
            defer {
                if disagreements.count > before,
                    case .string(let text)? = members.first(where: { $0.key == "j" })?.value,
                    Self.deliberate[text] != nil
                {
                    disagreements.removeLast()
                    deliberate += 1
                }
            }
            var fields: [String: JSONValue] = [:]
            for member in members { fields[member.key] = member.value }
            guard case .string(let name)? = fields["t"], case .string(let text)? = fields["j"],
                case .bool(let accepted)? = fields["ok"], let type = pool.message(named: name)
            else { continue }
            let ours: Result<DynamicMessage, ProtobufError> = Result { () throws(ProtobufError) in
                try DynamicMessage(json: Array(text.utf8), as: type)
            }
            switch (ours, accepted) {
            case (.success(let message), true):
                guard case .string(let base64)? = fields["b"], let bytes = WellKnownText.decodeBase64(base64) else {
                    continue
                }
                let theirs = try DynamicMessage(binary: bytes, as: type)
                if theirs == message || theirs.binary() == message.binary() {
                    agreements += 1
                } else {
                    disagreements.append(
                        "\(name) \(text): read as \(message.json(.compact)), json_format: \(theirs.json(.compact))")
                }
            case (.failure, false):
                agreements += 1
            case (.success(let message), false):
                var why = ""
                if case .string(let text)? = fields["why"] { why = text }
                disagreements.append("\(name) \(text): accepted as \(message.json(.compact)), json_format: \(why)")
            case (.failure(let error), true):
                disagreements.append("\(name) \(text): refused (\(error)), json_format accepts")
            }
        }
        print(
            "JSON input edge cases: \(agreements) agree with json_format, \(deliberate) differ on purpose, "
                + "\(disagreements.count) differ otherwise")
        #expect(deliberate <= Self.deliberate.count)
        for disagreement in disagreements { print("  " + disagreement) }
        #expect(disagreements.isEmpty)
    }
}

/// The codec against protoc itself: protoc --decode reads the codec's bytes, protoc --encode writes
/// bytes the codec reads back as the same message.
@Suite struct ProtocTests {
    static let protoc: String? = ["/usr/bin/protoc", "/usr/local/bin/protoc"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static func protocRun(_ mode: String, _ type: String, _ input: [UInt8]) throws -> [UInt8] {
        let arguments = [
            "--\(mode)=\(type)", "-I", Fixtures.directory.path, "-I", "/usr/include", "rich.proto", "legacy.proto",
        ]
        let result = try Fixtures.run(Self.protoc ?? "", arguments, input: Data(input))
        guard result.status == 0 else { throw ProtobufError("protoc --\(mode) failed: \(result.errors)") }
        return [UInt8](result.output)
    }

    @Test(
        .enabled(if: protoc != nil, "protoc is not installed"),
        .enabled(if: Fixtures.python != nil, "python3 with google.protobuf is not installed: no sample messages"))
    func protocReadsAndWritesTheSameMessages() throws {
        let pool = try Fixtures.pool()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tern-protoc-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let generated = directory.appendingPathComponent("generated.jsonl")
        let script = Fixtures.directory.appendingPathComponent("oracle.py").path
        let gen = try Fixtures.run(
            Fixtures.python ?? "", Fixtures.pythonArguments([script, "gen", "7", "40", generated.path]))
        try #require(gen.status == 0, "oracle.py gen failed: \(gen.errors)")
        var agreements = 0
        var disagreements: [String] = []
        for line in try String(contentsOf: generated, encoding: .utf8).utf8.split(separator: 10) {
            let record = try DifferentialTests.parse(Substring(line))
            let type = try #require(pool.message(named: record.type))
            let message = try DynamicMessage(binary: record.binary, as: type)
            // protoc reads our bytes as it reads Python's…
            let ours = try Self.protocRun("decode", record.type, message.binary())
            let theirs = try Self.protocRun("decode", record.type, record.binary)
            // …and we read the bytes protoc writes from that text as the same message.
            let encoded = try Self.protocRun("encode", record.type, ours)
            let again = try DynamicMessage(binary: encoded, as: type)
            if ours == theirs && (again == message || again.binary() == message.binary()) {
                agreements += 1
            } else {
                disagreements.append("\(record.type): \(String(decoding: ours, as: UTF8.self).prefix(300))")
            }
        }
        print(
            "protoc: \(agreements) of 40 messages agree (decode of our bytes = decode of Python's; encode reads back)")
        #expect(agreements == 40, "\(disagreements)")
    }
}
