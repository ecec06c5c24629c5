package import Foundation
import Synchronization
package import TernExplorer

/// Text to edit in `$EDITOR` (the `ExecProcess` of this TUI): `update` asks for it with
/// `Effect.openEditor`, the runtime hands the terminal over, runs the editor and posts
/// `Msg.editorFinished` with the result.
package struct EditorJob: Sendable, Hashable {
    /// What the editor opens with.
    package var text: String
    /// Who awaits the result outside the TUI (the session's `body edit` through `EditorBridge`);
    /// `nil` when the result becomes the selected spec's body.
    package var reply: EditorReply?
    /// The extension of the file the editor opens (`json`, `graphql` for a GraphQL query).
    package var fileExtension = "txt"
    /// The SDL file a GraphQL query is checked against, named beside it for the editor's language server.
    package var schema: URL? = nil
    /// The spec's body before the first of a round of edits (`e` after invalid JSON opens the
    /// invalid text again): what "unchanged" is measured against. `nil`: `text`.
    package var original: String? = nil

    /// A job for `text`, answered to `reply` when one is given.
    package init(text: String, reply: EditorReply? = nil) {
        self.text = text
        self.reply = reply
    }
}

/// A caller awaiting an editor run; answered once, later answers are dropped.
package final class EditorReply: Sendable, Hashable {
    private let continuation: Mutex<CheckedContinuation<String, any Error>?>

    init(_ continuation: CheckedContinuation<String, any Error>) {
        self.continuation = Mutex(continuation)
    }

    /// Answers the caller, unless it was answered already.
    func resume(_ result: Result<String, any Error>) {
        let waiting = continuation.withLock { value in
            defer { value = nil }
            return value
        }
        waiting?.resume(with: result)
    }

    /// Whether the caller was answered.
    var isAnswered: Bool { continuation.withLock { $0 == nil } }

    /// Replies are equal only to themselves.
    package static func == (lhs: EditorReply, rhs: EditorReply) -> Bool { lhs === rhs }

    /// Hashes the reply's identity.
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension EditorJob {
    /// The job that edits `spec`'s body: its text, in a `.json` file for a JSON body and a `.graphql`
    /// one for a GraphQL body (the query), so the editor highlights it.
    package static func body(of spec: SpecDetail) -> EditorJob {
        var job = EditorJob(text: spec.body)
        switch spec.bodyKind {
        case "json": job.fileExtension = "json"
        case "graphql":
            job.fileExtension = "graphql"
            job.schema = spec.graphQLSchema
        case .some(SpecDetail.grpcBodyKind): job.fileExtension = "jsonc"
        default: break
        }
        return job
    }
}
