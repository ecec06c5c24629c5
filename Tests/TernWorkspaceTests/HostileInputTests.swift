import Foundation
import Tern
import Testing

@testable import TernWorkspace

/// Hostile numbers, alias bombs and template amplification: each is a positioned error, fast.
@Suite struct HostileInputTests {
    /// Loads the demo workspace with `files` replaced and returns the load error.
    private func loadError(_ files: [String: String]) throws -> WorkspaceError {
        let folder = try Fixtures.demo(files)
        do {
            _ = try folder.load()
        } catch {
            return error
        }
        Issue.record("loading succeeded")
        return WorkspaceError(.io, "none")
    }

    private func manifest(handler: String) -> String {
        Fixtures.manifest + "\nhandler:\n" + handler
    }

    @Test(arguments: [
        ("  timeout: 1e10\n", "'timeout' must be at most 86400 seconds (1 day), not 1e10", 12),
        ("  timeout: 0\n", "'timeout' must be more than 0 seconds", 12),
        ("  timeout: -1\n", "'timeout' must not be negative", 12),
        ("  cacheTTL: 1e300\n", "'cacheTTL' must be at most 3155760000 seconds (100 years), not 1e300", 13),
        ("  maxRetries: 1000\n", "'maxRetries' must be at most 100", 15),
        (
            "  retry:\n    initialDelay: 9300000000\n",
            "'initialDelay' must be at most 86400 seconds (1 day), not 9300000000", 19
        ),
        ("  retry:\n    maxDelay: 1e300\n", "'maxDelay' must be at most 86400 seconds (1 day), not 1e300", 15),
        ("  retry:\n    maxDelay: 1e400\n", "'maxDelay' must be a number, not '1e400'", 15),
        ("  retry:\n    maxDelay: .nan\n", "'maxDelay' must be a number, not '.nan'", 15),
    ])
    func outOfRangeHandlerNumbersArePositionedErrors(yaml: String, message: String, column: Int) throws {
        let error = try loadError(["workspace.yaml": manifest(handler: yaml)])
        #expect(error.kind == .invalidValue)
        #expect(error.message == message)
        #expect(error.file?.lastPathComponent == "workspace.yaml")
        #expect(error.line == Fixtures.manifest.split(separator: "\n").count + 1 + yaml.split(separator: "\n").count)
        #expect(error.column == column)
    }

    @Test func boundaryValuesLoad() throws {
        let yaml = "  timeout: 86400\n  cacheTTL: 3155760000\n  maxRetries: 100\n  retry:\n    maxDelay: 86400\n"
        let folder = try Fixtures.demo([
            "workspace.yaml": manifest(handler: yaml),
            "specs/long.yaml": "method: GET\npath: /x\nvalidFor: 3155760000\n",
        ])
        let workspace = try folder.load()
        #expect(workspace.handler.timeout == 86_400)
        #expect(workspace.handler.retryPolicy().maxRetries == 100)
        #expect(try workspace.spec(named: "long").spec.validFor == 3_155_760_000)
    }

    @Test(arguments: ["1e300", "3155760001", "-5"])
    func hugeOrNegativeValidForIsAnError(value: String) throws {
        let error = try loadError(["specs/bad.yaml": "method: GET\npath: /x\nvalidFor: \(value)\n"])
        #expect(error.kind == .invalidValue)
        #expect(error.message.hasPrefix("'validFor' must "))
        #expect((error.line, error.column) == (3, 11))
    }

    /// Nine anchors, each a list of nine aliases of the previous one: 9^9 nodes from ~400 bytes.
    static let aliasBomb: String = {
        var lines = ["method: GET", "path: /x", "body:", "  json:", "    a: &a [x, x, x, x, x, x, x, x, x]"]
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            let aliases = Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
            lines.append("    \(name): &\(name) [\(aliases)]")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test func anAliasBombIsAnErrorNamingTheAlias() throws {
        #expect(Self.aliasBomb.utf8.count < 500)
        let error = try loadError(["specs/bomb.yaml": Self.aliasBomb])
        #expect(error.kind == .invalidValue)
        #expect(error.file?.lastPathComponent == "bomb.yaml")
        #expect(error.message.hasPrefix("alias '*"))
        #expect(error.message.contains("past 100000 nodes"))
        #expect(error.line != nil && error.column != nil)
    }

    @Test func anAliasBombInAnUnknownFieldOrTheManifestIsAnErrorToo() throws {
        let unknown = Self.aliasBomb.replacingOccurrences(of: "body:\n  json:", with: "extra:\n  more:")
        #expect(try loadError(["specs/bomb.yaml": unknown]).message.hasPrefix("alias '*"))
        let manifest =
            Fixtures.manifest + "\nx-anchors:\n"
            + Self.aliasBomb.split(separator: "\n").dropFirst(3)
            .joined(separator: "\n") + "\n"
        let error = try loadError(["workspace.yaml": manifest])
        #expect(error.file?.lastPathComponent == "workspace.yaml")
        #expect(error.message.hasPrefix("alias '*"))
    }

    /// Yams hashes mapping keys to find duplicates, which would expand an alias bomb in a key.
    @Test(arguments: ["    ? *i\n    : x\n", "    *i : x\n", "    [*i, *i]: x\n"])
    func anAliasInAMappingKeyIsAnError(key: String) throws {
        let error = try loadError(["specs/bomb.yaml": Self.aliasBomb + key])
        #expect(error.message.hasPrefix("a mapping key here may hold an alias"))
        #expect(error.line == 14)
    }

    @Test func modestAliasesStillWork() throws {
        let spec = "method: GET\npath: /x\nquery:\n  a: &list [1, 2, 3]\n  b: *list\n"
        let folder = try Fixtures.demo(["specs/alias.yaml": spec])
        let workspace = try folder.load()
        let request = try workspace.request(
            for: workspace.spec(named: "alias"),
            context: TemplateContext(overrides: ["userId": "1"], processEnvironment: [:])
        )
        #expect(request.url.query == "a=1&a=2&a=3&b=1&b=2&b=3")
    }

    @Test func deepNestingIsAnError() throws {
        let depth = 500  // past ours, below libyaml's own limit of 1000
        let spec =
            "method: GET\npath: /x\nbody:\n  json: " + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "\n"
        let error = try loadError(["specs/deep.yaml": spec])
        #expect(error.message == "lists and mappings nest deeper than 256 levels")
        #expect(error.line == 4)
    }

    @Test func nestingPastLibyamlsLimitSaysTheSameInOurWords() throws {
        let depth = 5_000
        let spec =
            "method: GET\npath: /x\nbody:\n  json: " + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "\n"
        let error = try loadError(["specs/deep.yaml": spec])
        #expect(error.message == "lists and mappings nest deeper than 256 levels")
        #expect(error.line == 4)
    }

    @Test func deepBlockNestingOnOneLineIsAnError() throws {
        let spec = "method: GET\npath: /x\nquery:\n  a:\n    " + String(repeating: "- ", count: 500) + "x\n"
        let error = try loadError(["specs/deep.yaml": spec])
        #expect(error.message == "lists and mappings nest deeper than 256 levels")
        #expect(error.line == 5)
    }

    @Test func aFileLargerThanTheLimitIsAFailure() throws {
        let folder = try Fixtures.demo(["specs/big.yaml": String(repeating: "#", count: 5_000)])
        let path = folder.url("specs/big.yaml").path
        #expect(throws: FileBytes.Failure.self) { try FileBytes.contents(atPath: path, limit: 4_999) }
        #expect(try FileBytes.contents(atPath: path, limit: 5_000).count == 5_000)
        do {
            _ = try FileBytes.contents(atPath: path, limit: 1_000)
        } catch {
            #expect(error.reason == "it is larger than the limit of 1000 bytes")
        }
    }

    private func renderError(environment: String, spec: String) throws -> WorkspaceError {
        let folder = try Fixtures.demo(["environments/local.yaml": environment, "specs/amp.yaml": spec])
        let workspace = try folder.load()
        do {
            let context = TemplateContext(processEnvironment: [:])
            _ = try workspace.request(for: workspace.spec(named: "amp"), context: context)
        } catch {
            return error
        }
        Issue.record("rendering succeeded")
        return WorkspaceError(.io, "none")
    }

    @Test func selfReferencingVariablesRepeatedAreStoppedAtTheStringLimit() throws {
        let repeated = String(repeating: "{{userId}}", count: 6_000)
        let environment = Fixtures.local.replacingOccurrences(of: "userId: 42", with: "userId: \"\(repeated)\"")
        let spec = "method: GET\npath: /x\nheaders:\n  X-A: \"\(String(repeating: "{{userId}}", count: 6_000))\"\n"
        let error = try renderError(environment: environment, spec: spec)
        #expect(error.kind == .invalidRequest)
        #expect(error.message.contains("'{{userId}}' makes a rendered value longer than 1048576 bytes"))
        #expect(error.file?.lastPathComponent == "amp.yaml" || error.file?.lastPathComponent == "local.yaml")
    }

    @Test func tooManySubstitutionsAreStopped() throws {
        let item = "    - \"" + String(repeating: "{{traceId}}", count: 100) + "\"\n"
        let spec = "method: GET\npath: /x\nquery:\n  t:\n" + String(repeating: item, count: 1_001)
        let error = try renderError(environment: Fixtures.local, spec: spec)
        #expect(error.kind == .invalidRequest)
        #expect(error.message.contains("more than 100000 {{…}} substitutions"))
    }

    @Test func tooManyRenderedBytesInOneRequestAreStopped() throws {
        let environment = Fixtures.local + "\nbig: " + String(repeating: "x", count: 100_000) + "\n"
        let item = "    - \"" + String(repeating: "{{big}}", count: 9) + "\"\n"
        let spec = "method: GET\npath: /x\nquery:\n  t:\n" + String(repeating: item, count: 10)
        let error = try renderError(environment: environment, spec: spec)
        #expect(error.kind == .invalidRequest)
        #expect(error.message.contains("rendered values larger than 8388608 bytes"))
    }
}
