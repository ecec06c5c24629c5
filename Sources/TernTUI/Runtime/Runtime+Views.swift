import Foundation
import Tern
import TernExplorer
import TernExplorerStorage
import TernScreen

/// How the runtime performs the effects of the filter line, the Vars tab, runs and the history.
extension Runtime {
    /// Filters the shown body with `expression`, off the UI task.
    func filterBody(_ expression: String) {
        guard let document = state.responsePane.view?.body else { return }
        let inbox = self.inbox
        spawn { inbox.post(.filterFinished(expression: expression, document.filter(expression))) }
    }

    /// Reads every variable in force for the Vars tab.
    func loadVariables() {
        let session = self.session
        let inbox = self.inbox
        spawn { inbox.post(.variablesLoaded(await session.variableRows())) }
    }

    /// Runs `target` (replacing a run under way).
    func runSpecs(_ target: RunTarget) {
        let session = self.session
        let inbox = self.inbox
        runTask?.cancel()
        runTask = Task.detached { await Runtime.runCollection(target, session: session, inbox: inbox) }
    }

    /// Stops the run under way after the spec being sent.
    func cancelRun() {
        runTask?.cancel()
    }

    /// Reads the history for its browser.
    func loadHistory() {
        let session = self.session
        let inbox = self.inbox
        spawn {
            do throws(ExplorerError) {
                inbox.post(.historyLoaded(try await session.historyEntries()))
            } catch {
                inbox.post(.commandFinished(.history, .failure(error)))
            }
        }
    }

    /// Opens a history entry with the answer the cache keeps for it.
    func openHistoryEntry(_ entry: HistoryEntry) {
        let session = self.session
        let inbox = self.inbox
        let timeZone = state.timeZone
        spawn {
            let answer = await session.storedAnswer(of: entry)
            let view = ResponseView.make(entry, stored: answer.stored, exact: answer.exact, timeZone: timeZone)
            inbox.post(.historyEntryReady(view))
        }
    }

    /// Runs `target` spec by spec (row by row with a data file) as `run` does, posting progress, and
    /// keeps each spec's response. A cancelled run stops after the spec being sent and reports what ran.
    private static func runCollection(_ target: RunTarget, session: ExplorerSession, inbox: Inbox) async {
        let order: [String]
        let passes: [RunData.Row?]
        do throws(ExplorerError) {
            order = try await session.runOrder(target.names)
            passes = RunTarget.passes(try target.readData())
        } catch {
            inbox.post(.runFailed(error))
            return
        }
        let started = Date()
        var results: [SpecRunResult] = []
        var responses: [String: ResponseView] = [:]
        // The run's answers are written in batches (docs/cache.md, "Runs"), also when it is cancelled.
        await session.beginRunWrites()
        let total = order.count * passes.count
        running: for row in passes {
            await session.enterRow(row)
            for id in order {
                if Task.isCancelled { break running }
                let current = row.map { "\(id) [\($0.label)]" } ?? id
                inbox.post(.runProgress(done: results.count, total: total, current: current))
                let run = await session.runSpecWithResponse(id)
                if let response = run.response {
                    let key = run.result.key
                    responses[key] = ResponseView.make(response, title: key, checks: run.result.expectations)
                }
                results.append(run.result)
            }
        }
        await session.enterRow(nil)
        let summary = RunSummary(results: results, started: started, duration: Date().timeIntervalSince(started))
        inbox.post(.runFinished(summary, responses: responses))
        do throws(ExplorerError) {
            try await session.endRunWrites()
        } catch {
            inbox.post(.runFailed(error))
        }
    }
}
