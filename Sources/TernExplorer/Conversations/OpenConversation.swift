import Foundation
import Synchronization
import Tern

/// A WebSocket conversation `connect` opened: the socket, and what arrived that `recv` has not shown.
final class OpenConversation: Sendable {
    /// At most this many unseen messages, and this many bytes of them, are kept; older ones are
    /// dropped (and counted).
    static let inboxLimit = 1000
    static let inboxBytes = 16 << 20

    struct Inbox {
        var unseen: [(WebSocketMessage, Date)] = []
        var bytes = 0
        var dropped = 0

        mutating func removeFirst(_ count: Int) {
            bytes -= unseen.prefix(count).reduce(0) { $0 + $1.0.byteCount }
            unseen.removeFirst(count)
        }
    }

    let spec: String
    let socket: WebSocket
    /// Masks the secret values of the spec's request in what is shown of the messages sent.
    let redactor: Redactor
    let inbox = Mutex(Inbox())
    private let reader = Mutex<Task<Void, Never>?>(nil)

    init(spec: String, socket: WebSocket, redactor: Redactor) {
        self.spec = spec
        self.socket = socket
        self.redactor = redactor
    }

    /// Reads the conversation in the background, keeping each message for `recv`.
    func startReading(onMessage: @escaping @Sendable () -> Void) {
        let task = Task { [self] in
            do {
                for try await event in socket {
                    guard case .message(let message, let at) = event else { continue }
                    self.inbox.withLock { inbox in
                        inbox.unseen.append((message, at))
                        inbox.bytes += message.byteCount
                        while inbox.unseen.count > 1,
                            inbox.unseen.count > Self.inboxLimit || inbox.bytes > Self.inboxBytes
                        {
                            inbox.removeFirst(1)
                            inbox.dropped += 1
                        }
                    }
                    onMessage()
                }
            } catch {}
            onMessage()
        }
        reader.withLock { $0 = task }
    }

    func stopReading() { reader.withLock { $0?.cancel() } }
}
