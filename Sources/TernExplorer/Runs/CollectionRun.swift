import Foundation
import Tern
import TernExplorerStorage
import TernWorkspace

/// A collection run: the named specs in run order, once per row of the data file, `repetitions` times,
/// `delay` apart, stopping early on `bail`, each spec sent as `send` sends it and judged. It owns the data
/// rows (each row's fields are variables of its pass) and the batched writes of the run's answers, and
/// reports through `RunEvent`s; the faces only consume them.
struct CollectionRun: ExplorerOperation {
    /// The session as it was when the run began.
    let context: ExplorerContext
    /// What to run.
    let target: RunTarget
    /// The data file's rows when the caller read them already (the CLI checks the file before it opens the
    /// workspace), so the file is not read twice.
    let rows: RunData?

    /// A run of `target` in `context`, over `rows` when they were read already.
    init(_ target: RunTarget, rows: RunData? = nil, in context: ExplorerContext) {
        self.target = target
        self.rows = rows
        self.context = context
    }

    /// The run, going on in a task of its own, and its events.
    func start() -> RunStream {
        let (stream, continuation) = AsyncStream.makeStream(of: RunEvent.self, bufferingPolicy: .unbounded)
        let task = Task {
            await run { continuation.yield($0) }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return RunStream(events: stream, task: task)
    }

    /// Runs the collection, reporting each event to `report`; returns the summary (`nil` when the run could
    /// not start).
    @discardableResult
    func run(report: (RunEvent) -> Void) async -> RunSummary? {
        let order: [String]
        let data: RunData?
        do throws(ExplorerError) {
            order = try SpecSelection(context).runOrder(target.names)
            if let rows { data = rows } else { data = try target.readData() }
        } catch {
            report(.failed(error))
            return nil
        }
        report(.started(order: order, data: data))
        let total = order.count * RunPasses.count(data) * max(1, target.repetitions)
        let started = Date()
        var results: [SpecRunResult] = []
        // The run's answers are written in batches (docs/cache.md, "Runs"), also when it is cancelled.
        await history?.beginBatch()
        running: for _ in 0..<max(1, target.repetitions) {
            // The rows are read as their passes come: only the row being run is held.
            var passes: RunPasses
            do throws(ExplorerError) {
                passes = try RunPasses(data)
            } catch {
                report(.failed(error))
                break running
            }
            defer { passes.close() }
            while true {
                let next: RunData.Row??
                do throws(ExplorerError) {
                    next = try passes.next()
                } catch {
                    report(.failed(error))
                    break running
                }
                guard let row = next else { break }
                context.captures.enter(row)
                var rowContext = context
                rowContext.settings.rowValues = row?.values ?? [:]
                for id in order {
                    if Task.isCancelled { break running }
                    if target.delay > 0 && !results.isEmpty { try? await Task.sleep(for: .seconds(target.delay)) }
                    report(
                        .progress(done: results.count, total: total, current: row.map { "\(id) [\($0.label)]" } ?? id))
                    let judged = await SpecJudge(rowContext).run(id)
                    results.append(judged.result)
                    report(.result(judged.result, judged.response))
                    if target.bail && judged.result.outcome != .passed { break running }
                }
            }
        }
        context.captures.enter(nil)
        let summary = RunSummary(results: results, started: started, duration: Date().timeIntervalSince(started))
        report(.finished(summary))
        // What the run held back is written even when the run was cancelled: the writing is not.
        let writing = Task { [history] in try await history?.endBatch() }
        do {
            try await writing.value
        } catch {
            let message = "the run's answers could not all be stored: \(TernError.wrap(error).message)"
            report(.failed(ExplorerError(.storage, message)))
        }
        return summary
    }
}
