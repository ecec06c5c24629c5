import Foundation
import Synchronization
import TernExplorer
import TernREPL
import Testing

/// Lines with the vocabulary each prompt was given, as the line editor would get them.
final class RecordingLines: LineSource {
    private let lines: Mutex<[String]>
    private let seen = Mutex<[CompletionVocabulary]>([])

    init(_ lines: [String]) { self.lines = Mutex(Array(lines.reversed())) }

    func next(prompt: String, vocabulary: CompletionVocabulary) async -> LineInput {
        seen.withLock { $0.append(vocabulary) }
        return lines.withLock { $0.popLast() }.map(LineInput.line) ?? .end
    }

    var vocabularies: [CompletionVocabulary] { seen.withLock { $0 } }
}

/// The interactive REPL hands Tab the gRPC vocabulary of the endpoint the last `grpc` line named, asked of
/// the session after that line (from the descriptors on disk), and keeps it for the lines that follow.
@Suite("The REPL's gRPC completion")
struct GRPCCompletionREPLTests {
    static let richProtoset = DemoSession.packageRoot.appendingPathComponent(
        "Tests/TernProtobufTests/Fixtures/rich.protoset")

    @Test("after a grpc line, Tab knows the methods and request fields of its descriptors")
    func vocabularyAfterALine() async throws {
        try await DemoSession.with { demo in
            let input = RecordingLines([
                "grpc grpc://127.0.0.1:9 --protoset \(Self.richProtoset.path) list", "set var x 1", "quit",
            ])
            let output = CapturedOutput()
            _ = await REPL(
                session: demo.session, options: REPL.Options(input: input, output: output, interactive: true)
            )
            .run()
            let vocabularies = input.vocabularies
            try #require(vocabularies.count == 3, "\(output.err)")
            #expect(vocabularies[0].grpc == nil)
            for vocabulary in vocabularies.dropFirst() {
                let grpc = try #require(vocabulary.grpc)
                #expect(grpc.methods["tern.rich.Explorer/Get"] == "tern.rich.GetRequest")
                let line = #"grpc call tern.rich.Explorer/Get {""#
                #expect(Completion.complete(line, vocabulary: vocabulary).candidates == ["id", "name"])
            }
        }
    }
}
