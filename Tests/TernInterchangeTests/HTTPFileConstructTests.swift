import Foundation
import TernWorkspace
import Testing

@testable import TernInterchange

/// Over the whole `.http` collection: every file imports, and every dialect construct a file uses (found
/// here by its own patterns, not the importer's) is either mapped (a capture, an expectation, an auth block,
/// a GraphQL body, a requires:) or reported (a warning naming its line, a skipped item). None is dropped in
/// silence.
@Suite(".http corpus constructs")
struct HTTPFileConstructTests {
    /// A construct, the pattern of a line that uses it, and how an import can account for it.
    struct Construct: Sendable {
        var name: String
        var pattern: String
        var mapped: @Sendable (ImportedCollection) -> Bool
    }

    static let constructs: [Construct] = [
        Construct(name: "response handler", pattern: #"^\s*>\s*\{%"#) { $0.capturesOrExpects },
        Construct(name: "handler file or redirect", pattern: #"^\s*(>>!? |> [^{]|<> )"#) { _ in false },
        Construct(name: "pre-request script", pattern: #"^\s*<\s*\{%"#) { _ in false },
        Construct(name: "directive", pattern: #"^\s*(#|//)\s*@(?!name\b)[A-Za-z]"#) { _ in false },
        Construct(name: "script block", pattern: #"^\s*\{\{\s*$|^\s*\{\{@"#) { _ in false },
        Construct(name: "assertion", pattern: #"^\s*\?\? "#) { $0.specs.contains { !$0.spec.expect.isEmpty } },
        Construct(
            name: "auth shorthand",
            pattern: #"(?i)^\s*authorization:\s*(aws|cognito|oauth2|openid|basic \S+ \S+|basic [^\s:]+:\S*|digest )"#
        ) { $0.specs.contains { $0.spec.auth != nil } },
        Construct(name: "GraphQL body", pattern: #"(?i)^x-request-type:\s*graphql|^GRAPHQL |^\s*(query|mutation)\b"#) {
            $0.specs.contains { if case .graphql? = $0.spec.body { true } else { false } }
        },
        Construct(name: "<@ body", pattern: #"^\s*<@"#) { _ in false },
        Construct(name: "response below a request", pattern: #"^HTTP/[0-9.]+ [0-9]{3}"#) { _ in false },
        Construct(name: "request variable", pattern: #"\{\{\s*[\w-]+\.(response|request)\."#) {
            $0.specs.contains { !$0.requires.isEmpty }
        },
        Construct(name: "other protocol", pattern: #"^(GRPC|WS|WSS|MQTT|AMQP|KAFKA) |^(GET )?wss?://"#) {
            !$0.skipped.isEmpty || $0.specs.contains { $0.spec.isGRPC || $0.spec.isWebSocket }
        },
    ]

    /// The last line of the handler that opens at line `line` (its `%}`), or `line` itself.
    static func end(of line: Int, in lines: [Substring]) -> Int {
        guard lines[line - 1].contains("{%"), !lines[line - 1].contains("%}") else { return line }
        return (line..<lines.count).first { lines[$0].contains("%}") }.map { $0 + 1 } ?? line
    }

    @Test("every file imports; every construct of every file is mapped or reported with its line")
    func everyConstruct() async throws {
        let folder = HTTPFileCorpusTests.folder
        let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".http") || $0.hasSuffix(".rest") }.sorted()
        var imported = 0
        var withConstructs = 0
        var uses = 0
        var mapped = 0
        var reported = 0
        var silent: [String] = []
        for file in files {
            await Task.yield()
            let url = folder.appendingPathComponent(file)
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            let source = ImportSource(
                data: Data(text.utf8), name: url.path, baseDirectory: folder,
                workspaceRoot: folder.appendingPathComponent(".none"))
            guard let collection = try? HTTPFileImporter.read(source) else { continue }
            imported += 1
            let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(
                separator: "\n", omittingEmptySubsequences: false)
            var found = false
            for construct in Self.constructs {
                let numbers = lines.indices.filter {
                    lines[$0].range(of: construct.pattern, options: .regularExpression) != nil
                }.map { $0 + 1 }
                guard !numbers.isEmpty else { continue }
                found = true
                uses += 1
                if construct.mapped(collection) {
                    mapped += 1
                } else if numbers.contains(where: { collection.mentions(line: $0, orUpTo: Self.end(of: $0, in: lines)) }
                )
                    || !collection.skipped.isEmpty
                {
                    reported += 1
                } else {
                    silent.append("\(file): \(construct.name) at line \(numbers[0])")
                }
            }
            if found { withConstructs += 1 }
        }
        print(
            ".http constructs: \(imported) of \(files.count) files import; \(withConstructs) use dialect constructs; "
                + "\(uses) uses (construct per file): \(mapped) mapped, \(reported) reported, \(silent.count) silent")
        #expect(imported == files.count)
        #expect(silent.isEmpty, "\(silent.count) silent: \(silent.prefix(10))")
    }
}

extension ImportedCollection {
    /// Whether a spec captures or expects anything.
    fileprivate var capturesOrExpects: Bool { specs.contains { !$0.spec.capture.isEmpty || !$0.spec.expect.isEmpty } }

    /// Whether a warning names a line from `line` to `last` (`line 12: …`): a handler's statements are
    /// reported on their own lines.
    fileprivate func mentions(line: Int, orUpTo last: Int) -> Bool {
        (line...max(line, last)).contains { number in
            warnings.contains { $0.hasPrefix("line \(number):") || $0.contains(" line \(number):") }
        }
    }
}
