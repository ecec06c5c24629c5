import Foundation
import TernJSONPath
import TernJSONSchema
import Testing

/// One draft of the JSON-Schema-Test-Suite and the dialect its schemas are read in.
enum SuiteDraft: String, CaseIterable, Sendable {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case draft2020_12 = "draft2020-12"
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case draft2019_09 = "draft2019-09"
    case draft7

    /// The dialect to force (draft-07 tests carry no `$schema`); nil reads `$schema`.
    var forcedDialect: JSONSchemaDialect? { self == .draft7 ? .draft7 : nil }
}

/// One test file of the suite, for `arguments:`.
struct SuiteFile: Sendable, CustomTestStringConvertible {
    let draft: SuiteDraft
    let path: String

    var testDescription: String { "\(draft.rawValue)/\(path)" }
}

/// The tally of a run over suite files: passed tests, all tests, and a line per failure.
struct SuiteTally: Sendable {
    var passed = 0
    var total = 0
    var failures: [String] = []
}

/// Loads `Fixtures/JSON-Schema-Test-Suite` relative to this file and runs its cases.
enum SchemaSuite {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/JSON-Schema-Test-Suite")

    /// The suite's `remotes/` as served from `http://localhost:1234/` (no network).
    static let registry: JSONSchemaRegistry = {
        var registry = JSONSchemaRegistry()
        let remotes = root.appendingPathComponent("remotes")
        for path in jsonFiles(under: remotes) {
            let url = remotes.appendingPathComponent(path)
            guard let data = try? Data(contentsOf: url), let document = try? JSONPathValue(decoding: data) else {
                continue
            }
            registry.add(document, at: "http://localhost:1234/" + path)
        }
        return registry
    }()

    /// The test files of `draft`, required (outside `optional/`) or optional.
    static func files(_ draft: SuiteDraft, optional: Bool) -> [SuiteFile] {
        let folder = root.appendingPathComponent("tests/\(draft.rawValue)")
        return jsonFiles(under: folder).filter { $0.hasPrefix("optional/") == optional }.map {
            SuiteFile(draft: draft, path: $0)
        }
    }

    /// Every required file of every draft.
    static var requiredFiles: [SuiteFile] { SuiteDraft.allCases.flatMap { files($0, optional: false) } }

    private static func jsonFiles(under folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// Runs every case of `file`; format files assert formats.
    static func run(_ file: SuiteFile) -> SuiteTally {
        var tally = SuiteTally()
        let url = root.appendingPathComponent("tests/\(file.draft.rawValue)/\(file.path)")
        guard let data = try? Data(contentsOf: url), case .array(let groups)? = try? JSONPathValue(decoding: data)
        else {
            tally.failures.append("\(file.testDescription): cannot read the file")
            return tally
        }
        let formatAssertion = file.path.hasPrefix("optional/format/")
        for case .object(let group) in groups {
            guard case .string(let groupName)? = group["description"], let schemaValue = group["schema"],
                case .array(let tests)? = group["tests"]
            else { continue }
            let schema: JSONSchema?
            var compileError = ""
            do {
                schema = try JSONSchema(
                    schemaValue, dialect: file.draft.forcedDialect, registry: registry, formatAssertion: formatAssertion
                )
            } catch {
                schema = nil
                compileError = error.description
            }
            for case .object(let test) in tests {
                guard case .string(let name)? = test["description"], let instance = test["data"],
                    case .bool(let expected)? = test["valid"]
                else { continue }
                tally.total += 1
                let context = "\(file.testDescription) | \(groupName) | \(name)"
                guard let schema else {
                    tally.failures.append("\(context): schema did not compile: \(compileError)")
                    continue
                }
                let result = schema.validate(instance)
                if result.isValid == expected {
                    tally.passed += 1
                } else {
                    let detail = result.errors.prefix(3).map(\.description).joined(separator: "; ")
                    tally.failures.append("\(context): expected \(expected ? "valid" : "invalid") \(detail)")
                }
            }
        }
        return tally
    }
}
