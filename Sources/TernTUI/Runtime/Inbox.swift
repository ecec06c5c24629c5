import Synchronization
import Tern

/// Messages posted by effect tasks and event streams, drained by the UI thread.
final class Inbox: Sendable {
    /// One posted message; `settlesSend` names the send whose end it reports.
    struct Entry: Sendable {
        var msg: Msg
        var settlesSend: Int?
    }

    private let entries = Mutex<[Entry]>([])

    /// Queues `msg`; `send` when it is the last message of that send.
    func post(_ msg: Msg, settlingSend send: Int? = nil) {
        entries.withLock { $0.append(Entry(msg: msg, settlesSend: send)) }
    }

    /// Queues a streamed item, joining it to the batch at the end of the queue when there is one: at
    /// thousands of events a second the UI takes them in a few messages per frame.
    func postStreamed(_ item: StreamedItem) {
        entries.withLock { queue in
            if let last = queue.indices.last, case .streamed(var items) = queue[last].msg {
                queue[last].msg = .streamed([])
                items.append(item)
                queue[last].msg = .streamed(items)
            } else {
                queue.append(Entry(msg: .streamed([item])))
            }
        }
    }

    /// Takes every queued message, oldest first.
    func drain() -> [Entry] {
        entries.withLock { queue in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
    }

    var isEmpty: Bool { entries.withLock { $0.isEmpty } }
}
