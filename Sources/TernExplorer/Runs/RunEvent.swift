package import Tern

/// What a collection run reports as it goes: the faces print, draw and report from these alone.
package enum RunEvent: Sendable {
    /// The run begins: the spec ids in run order and the data file's rows (`nil`: none).
    case started(order: [String], data: RunData?)
    /// The spec about to be sent (`users/get [ada]` in a data run), with how many were sent of how many.
    case progress(done: Int, total: Int, current: String)
    /// A spec was sent and judged; the response when it was answered.
    case result(SpecRunResult, Response?)
    /// The run ended (all sent, bailed out or cancelled): everything it judged.
    case finished(RunSummary)
    /// The run could not start (an unknown spec, a bad data file), or its answers could not all be stored.
    case failed(ExplorerError)
}

/// A collection run under way: its events, in order, ending with `.finished` (or `.failed` when it could not
/// start). `cancel()` stops it: the spec being sent is cancelled and reported, then `.finished` comes with
/// what ran (and the answers held back are written). Ending the iteration early cancels it too.
package struct RunStream: AsyncSequence, Sendable {
    package typealias Element = RunEvent

    /// The events as they come.
    let events: AsyncStream<RunEvent>
    /// The task that runs the collection.
    let task: Task<Void, Never>

    /// Stops the run after the spec being sent (which is cancelled).
    package func cancel() { task.cancel() }

    /// Iterates the events.
    package func makeAsyncIterator() -> AsyncStream<RunEvent>.Iterator { events.makeAsyncIterator() }
}
