/// Sends one request's events to the handler's subscribers and the caller's observer.
struct EventEmitter: Sendable {
    let requestID: RequestID
    let label: String
    let broadcaster: EventBroadcaster<HandlerEvent>
    let observer: (@Sendable (HandlerEvent) -> Void)?
    let clock: any TernClock

    func emit(_ kind: HandlerEvent.Kind) {
        guard observer != nil || broadcaster.hasSubscribers else { return }
        let event = HandlerEvent(requestID: requestID, label: label, date: clock.now, kind: kind)
        observer?(event)
        broadcaster.yield(event)
    }
}
