import Foundation
import Synchronization

/// Plays a stored conversation back as if the server were there: the server's messages in the
/// recorded order (paced as recorded, or at once), each waiting for the client messages recorded
/// before it; a client message other than the recorded one is a cache miss that says what differs.
actor WebSocketReplay: WebSocketLink {
    private let transcript: WebSocketTranscript
    private let pacing: WebSocketOptions.ReplayPacing
    private let clock: any TernClock
    private let label: String
    /// Masks the request's secret values in what a miss says of the messages.
    private let redactor: Redactor
    /// The next frame `receive` looks at.
    private var position = 0
    /// Recorded client frames already matched by a `send` (ahead of `position`).
    private var answered: Set<Int> = []
    /// The offset of the last frame delivered or matched: the next one waits its gap from then.
    private var lastOffset = 0.0
    private var waiting: CheckedContinuation<Void, Never>?
    private var closing: WebSocketClose?
    private var ended = false
    private nonisolated let cancelled = Atomic<Bool>(false)

    init(
        transcript: WebSocketTranscript, pacing: WebSocketOptions.ReplayPacing, clock: any TernClock, label: String,
        redactor: Redactor = .none
    ) {
        self.transcript = transcript
        self.pacing = pacing
        self.clock = clock
        self.label = label
        self.redactor = redactor
    }

    func receive() async throws(TernError) -> WebSocketLinkEvent? {
        while true {
            if ended || cancelled.load(ordering: .relaxed) { return nil }
            if let closing {
                ended = true
                return .closed(closing)
            }
            guard position < transcript.frames.count else {
                ended = true
                return .closed(transcript.close ?? WebSocketClose(code: .normal, initiator: .received))
            }
            let frame = transcript.frames[position]
            if frame.direction == .sent {
                if answered.contains(position) {
                    position += 1
                    continue
                }
                // The server waits for the client's message, as it did when this was recorded.
                await withTaskCancellationHandler {
                    await withCheckedContinuation { waiting = $0 }
                } onCancel: {
                    self.cancel()
                }
                continue
            }
            if pacing == .recorded, frame.offset > lastOffset {
                // The gap is waited in steps, so a close or a cancel during it comes first.
                var left = min(frame.offset - lastOffset, 3600)
                while left > 0, closing == nil, !cancelled.load(ordering: .relaxed) {
                    let step = min(left, 0.05)
                    do { try await clock.sleep(for: .fromSeconds(step)) } catch { return nil }
                    left -= step
                }
                if closing != nil || cancelled.load(ordering: .relaxed) { continue }
            }
            lastOffset = max(lastOffset, frame.offset)
            position += 1
            return .message(frame.message)
        }
    }

    func send(_ message: WebSocketMessage) async throws(TernError) {
        // Past the end of a recording the client ended, a message is one the recording does not have: a miss.
        if closing != nil || (ended && transcript.close?.initiator != .sent) {
            throw TernError(.connection, "the conversation is closed; nothing more can be sent")
        }
        let passed = transcript.frames.indices.filter { $0 < position && transcript.frames[$0].direction == .sent }
        let sentSoFar = answered.union(passed).count
        guard
            let index = transcript.frames.indices.first(where: {
                $0 >= position && transcript.frames[$0].direction == .sent && !answered.contains($0)
            })
        else {
            throw TernError(
                .cacheMiss,
                "the recorded conversation has no more messages from the client after \(sentSoFar); "
                    + "this one is \(preview(message)) (--mode live records it again)",
                requestLabel: label)
        }
        let expected = transcript.frames[index].message
        // The recording keeps the client's secrets masked (`WebSocketTranscript.masked(by:)`): so is this one.
        var masked = message
        if case .text(let text) = message { masked = .text(redactor.redact(text)) }
        guard
            expected == message || Self.sameJSON(expected, message) || expected == masked
                || Self.sameJSON(expected, masked)
        else {
            throw TernError(
                .cacheMiss,
                "the recorded conversation's client message #\(sentSoFar + 1) was \(preview(expected)); "
                    + "this one is \(preview(message)) (--mode live records it again)",
                requestLabel: label)
        }
        answered.insert(index)
        lastOffset = max(lastOffset, transcript.frames[index].offset)
        wake()
    }

    func ping() async throws(TernError) {}

    func close(_ code: WebSocketCloseCode, reason: String?) async {
        if closing == nil, !ended { closing = WebSocketClose(code: code, reason: reason, initiator: .sent) }
        wake()
    }

    nonisolated func cancel() {
        cancelled.store(true, ordering: .relaxed)
        Task { await self.wake() }
    }

    private func wake() {
        waiting?.resume()
        waiting = nil
    }

    /// Whether two text messages hold the same JSON (member order and spacing aside).
    static func sameJSON(_ first: WebSocketMessage, _ second: WebSocketMessage) -> Bool {
        guard case .text(let one) = first, case .text(let other) = second,
            let a = try? JSONDecoder().decode(JSONValue.self, from: Data(one.utf8)),
            let b = try? JSONDecoder().decode(JSONValue.self, from: Data(other.utf8))
        else { return false }
        return a == b
    }

    /// `text "hello"` or `binary, 5 bytes`, short enough for one line, its secret values masked first.
    func preview(_ message: WebSocketMessage) -> String {
        switch message {
        case .text(let raw):
            let text = redactor.redact(raw)
            let short = text.count > 60 ? String(text.prefix(57)) + "…" : text
            return "text \"\(short)\""
        case .binary(let data):
            return "binary, \(data.count) bytes"
        }
    }
}
