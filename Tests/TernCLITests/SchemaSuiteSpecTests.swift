import Foundation
import TernJSONPath
import TernTesting
import Testing

/// The JSON-Schema-Test-Suite's required cases written as specs and run by the real `tern run`: each case
/// is a spec whose sample answer is the case's data and whose `expect: schema:` is the group's schema, so
/// `tern run --mode sample` must pass the valid cases and fail the invalid ones (for the schema's sake,
/// not because it did not compile). The counts are measured here and held as floors.
@Suite("The schema suite as specs", .serialized)
struct SchemaSuiteSpecTests {
    static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TernJSONSchemaTests/Fixtures/JSON-Schema-Test-Suite/tests")

    /// One case written as a spec.
    struct Case {
        var id: String
        var valid: Bool
        var booleanSchema: Bool
    }

    /// What a draft's run measured.
    struct Tally {
        var total = 0
        var written = 0
        var agreed = 0
        var booleanAgreed = 0
        var booleanTotal = 0
        var problems: [String] = []
    }

    /// Per draft, as measured: the required cases Tern reads as specs, and those `tern run` judges as the
    /// suite does. Every case that does not agree (or is not read: the reader resolves a `$schema` and a
    /// `$ref` it can) reaches a remote document at `http://localhost:1234/`, which a spec never fetches: 53,
    /// 40 and 27 cases (the suite's README), of which 4 each need only the draft's built-in metaschema.
    static let floors: [String: (written: Int, agreed: Int)] = [
        "draft2020-12": (1279, 1250), "draft2019-09": (1241, 1223), "draft7": (916, 904),
    ]

    /// Writes every required case of `draft` as a spec of `demo`, each at an address of its own (so no
    /// answer stands for another's); draft-07 schemas say their `$schema` (the suite's leave it out; a
    /// spec's schema is 2020-12 without one).
    static func write(_ draft: String, into demo: TemporaryWorkspace) throws -> [Case] {
        try demo.write("workspace.yaml", "name: suite\n")
        let folder = suite.appendingPathComponent(draft)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        var cases: [Case] = []
        for file in files.sorted() {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            guard case .array(let groups) = try JSONPathValue(decoding: data) else { continue }
            let stem = String(file.dropLast(5)).replacingOccurrences(of: ".", with: "-")
            for (groupIndex, group) in groups.enumerated() {
                guard case .object(let members) = group, var schema = members["schema"],
                    case .array(let tests)? = members["tests"]
                else { continue }
                if draft == "draft7", case .object(var object) = schema, object["$schema"] == nil {
                    object["$schema"] = .string("http://json-schema.org/draft-07/schema#")
                    schema = .object(object)
                }
                let booleanSchema = if case .bool = schema { true } else { false }
                for (testIndex, test) in tests.enumerated() {
                    guard case .object(let fields) = test, let instance = fields["data"],
                        case .bool(let valid)? = fields["valid"]
                    else { continue }
                    let id = "\(stem)/g\(groupIndex)-t\(testIndex)"
                    let body = JSONPathValue.string(instance.jsonText).jsonText
                    try demo.write(
                        "specs/\(id).yaml",
                        "method: GET\npath: http://127.0.0.1:9/\(id)\nsample:\n  status: 200\n"
                            + "  headers: {Content-Type: application/json}\n  body: \(body)\n"
                            + "expect:\n  schema: \(schema.jsonText)\n")
                    cases.append(Case(id: id, valid: valid, booleanSchema: booleanSchema))
                }
            }
        }
        return cases
    }

    /// Writes `draft`'s cases, leaves out the spec files Tern cannot read, runs the rest and counts.
    static func measure(_ draft: String) async throws -> Tally {
        try await withDemo { demo in
            try FileManager.default.removeItem(at: demo.root.appendingPathComponent("specs"))
            try FileManager.default.removeItem(at: demo.root.appendingPathComponent("environments"))
            let cases = try write(draft, into: demo)
            var tally = Tally(total: cases.count)
            let listed = try await Tern.run(demo.arguments(["list", "--json"]))
            let specs = try #require(
                try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]], "\(listed.stderr)")
            var unreadable = Set<String>()
            for spec in specs {
                guard let id = spec["id"] as? String, let error = spec["error"] as? String else { continue }
                unreadable.insert(id)
                tally.problems.append("\(id): not readable: \(error)")
                try FileManager.default.removeItem(at: demo.root.appendingPathComponent("specs/\(id).yaml"))
            }
            tally.written = cases.count - unreadable.count
            let report = demo.root.appendingPathComponent("report.json").path
            let run = try await Tern.run(
                demo.arguments(["run", "--mode", "sample", "--report", "json:\(report)"]), limit: .seconds(600))
            #expect([0, 4].contains(run.status), "\(run.stderr)")
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
            )
            let results = try #require(document["results"] as? [[String: Any]])
            var outcomes: [String: (outcome: String, actual: String)] = [:]
            for result in results {
                guard let id = result["id"] as? String, let outcome = result["outcome"] as? String else { continue }
                let failed = (result["expectations"] as? [[String: Any]])?.first { $0["passed"] as? Bool == false }
                outcomes[id] = (outcome, failed?["actual"] as? String ?? "")
            }
            for item in cases where !unreadable.contains(item.id) {
                if item.booleanSchema { tally.booleanTotal += 1 }
                guard let found = outcomes[item.id] else {
                    tally.problems.append("\(item.id): no result")
                    continue
                }
                let agrees =
                    item.valid
                    ? found.outcome == "passed"
                    : found.outcome == "failed" && !found.actual.hasPrefix("the schema:")
                if agrees {
                    tally.agreed += 1
                    if item.booleanSchema { tally.booleanAgreed += 1 }
                } else {
                    tally.problems.append("\(item.id): expected \(item.valid ? "valid" : "invalid"), \(found)")
                }
            }
            return tally
        }
    }

    @Test(
        "every required case that Tern can read is a spec that tern run judges as the suite does",
        .timeLimit(.minutes(10)), arguments: ["draft2020-12", "draft2019-09", "draft7"])
    func suiteAsSpecs(_ draft: String) async throws {
        let tally = try await Self.measure(draft)
        print(
            "\(draft): \(tally.total) required cases, \(tally.written) written as specs, \(tally.agreed) judged as "
                + "the suite does by tern run; boolean schemas \(tally.booleanAgreed)/\(tally.booleanTotal)")
        // Set TERN_SCHEMA_SUITE_LOG to a path prefix to see which cases do not agree, and why.
        if let prefix = ProcessInfo.processInfo.environment["TERN_SCHEMA_SUITE_LOG"] {
            try? tally.problems.joined(separator: "\n").write(
                toFile: prefix + "specs-" + draft, atomically: true, encoding: .utf8)
        }
        let floor = try #require(Self.floors[draft])
        #expect(tally.written >= floor.written, "\(tally.problems.prefix(20).joined(separator: "\n"))")
        #expect(tally.agreed >= floor.agreed, "\(tally.problems.prefix(20).joined(separator: "\n"))")
        #expect(tally.booleanTotal == 18 && tally.booleanAgreed == 18, "schema: true and schema: false are specs")
    }
}
