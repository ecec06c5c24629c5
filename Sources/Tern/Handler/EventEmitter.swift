/// Sends one request's events to the handler's subscribers and the caller's observer.
struct EventEmitter: Sendable {
    let requestID: RequestID
    let label: String
    let broadcaster: EventBroadcaster<HandlerEvent>
    let observer: (@Sendable (HandlerEvent) -> Void)?
    let clock: any TernClock

    /// Whether anyone receives this send's events.
    var isObserved: Bool { observer != nil || broadcaster.hasSubscribers }

    func emit(_ kind: HandlerEvent.Kind) {
        guard isObserved else { return }
        let event = HandlerEvent(requestID: requestID, label: label, date: clock.now, kind: kind)
        observer?(event)
        broadcaster.yield(event)
    }
}
