import Synchronization
import TernExplorer

/// Lets the session's `body edit` reach the TUI: `edit` posts the text as `Msg.editorRequested` to
/// the running TUI, whose `update` turns it into `Effect.openEditor`. Create it before the session
/// (it is the session's `editor` option) and hand it to the runtime. The TUI's own body edits
/// (`e` on the Body tab, `:body edit`) ask for the editor directly and never come through here.
package final class EditorBridge: Sendable {
    private struct Attachment {
        var post: (@Sendable (Msg) -> Void)?
        var waiting: [EditorReply] = []
    }

    private let attachment = Mutex(Attachment())

    /// A bridge no runtime is attached to yet.
    package init() {}

    /// Edits `text` in `$EDITOR` while the TUI lets go of the terminal.
    package func edit(_ text: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            let reply = EditorReply(continuation)
            let post = attachment.withLock { attachment in
                // Answered replies leave the list, so it holds only the edits still running.
                attachment.waiting.removeAll { $0.isAnswered }
                if attachment.post != nil { attachment.waiting.append(reply) }
                return attachment.post
            }
            guard let post else {
                reply.resume(.failure(ExternalEditor.Failure(description: "no terminal to run the editor on")))
                return
            }
            var job = EditorJob(text: text, reply: reply)
            job.fileExtension = ExternalEditor.fileExtension
            job.schema = ExternalEditor.graphQLSchema
            post(.editorRequested(job))
        }
    }

    /// Connects the bridge to a runtime's inbox; `nil` detaches it and fails the edits still waiting.
    func attach(_ post: (@Sendable (Msg) -> Void)?) {
        let orphaned = attachment.withLock { attachment in
            attachment.post = post
            defer { attachment.waiting.removeAll() }
            return post == nil ? attachment.waiting : []
        }
        for reply in orphaned {
            reply.resume(.failure(ExternalEditor.Failure(description: "the TUI closed")))
        }
    }
}
