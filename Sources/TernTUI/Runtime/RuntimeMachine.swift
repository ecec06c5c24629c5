/// The runtime's bookkeeping of work in flight, as a value: events in, actions out, no tasks.
///
/// Two things run beside the loop and must not pile up: the read of the retry log and transfers
/// (one at a time; requests arriving meanwhile fold into one more read), and the send (one at a
/// time, cancellable). `Handle` is what cancels a send (a `Task` in the runtime, a token in tests).
struct RuntimeMachine<Handle> {
    /// The activity read.
    enum Activity: Equatable {
        case idle
        /// A read is running.
        case reading
        /// A read is running and another was asked for since: it runs when this one reports.
        case readingThenReread
    }

    /// The send.
    enum Send {
        case idle
        /// Send `id` runs; `handle` cancels it.
        case running(id: Int, handle: Handle)
    }

    /// What the runtime does next.
    enum Action {
        case none
        /// Start reading the retry log and transfers.
        case readActivity
        /// Cancel a send.
        case cancel(Handle)
    }

    private(set) var activity = Activity.idle
    private(set) var send = Send.idle
    private var lastSendID = 0

    /// The retry log and transfers should be read again.
    mutating func refreshRequested() -> Action {
        switch activity {
        case .idle:
            activity = .reading
            return .readActivity
        case .reading, .readingThenReread:
            activity = .readingThenReread
            return .none
        }
    }

    /// The read reported (or a report arrived from elsewhere): a folded request reads again.
    mutating func activityArrived() -> Action {
        switch activity {
        case .idle, .reading:
            activity = .idle
            return .none
        case .readingThenReread:
            activity = .reading
            return .readActivity
        }
    }

    /// The identifier of the next send, for its task to report its end with.
    mutating func nextSendID() -> Int {
        lastSendID += 1
        return lastSendID
    }

    /// Send `id` started; one still running (which `update` never allows) is cancelled.
    mutating func sendStarted(id: Int, handle: Handle) -> Action {
        defer { send = .running(id: id, handle: handle) }
        if case .running(_, let previous) = send { return .cancel(previous) }
        return .none
    }

    /// The user asked to cancel the send.
    func cancelRequested() -> Action {
        if case .running(_, let handle) = send { return .cancel(handle) }
        return .none
    }

    /// Send `id` reported its end; a stale report (of a replaced send) changes nothing.
    mutating func sendSettled(id: Int) {
        if case .running(let running, _) = send, running == id { send = .idle }
    }

    /// The runtime stops: the send is cancelled and nothing more is read.
    mutating func stopped() -> Action {
        activity = .idle
        defer { send = .idle }
        if case .running(_, let handle) = send { return .cancel(handle) }
        return .none
    }
}
