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
        spawn {
            guard case .variables(let rows)? = try? await session.run(.vars(clear: nil)) else { return }
            inbox.post(.variablesLoaded(rows))
        }
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
                guard case .history(let entries) = try await session.run(.history) else { return }
                inbox.post(.historyLoaded(entries))
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
            guard case .storedAnswer(let answer)? = try? await session.run(.cache(.answer(of: entry))) else { return }
            let view = ResponseView.make(entry, stored: answer.stored, exact: answer.exact, timeZone: timeZone)
            inbox.post(.historyEntryReady(view))
        }
    }

    /// Follows the session's run of `target` (row by row with a data file), posting progress, and keeps each
    /// spec's response. Cancelling this task (Esc) stops the run after the spec being sent, whose end and the
    /// summary of what ran are still shown.
    private static func runCollection(_ target: RunTarget, session: ExplorerSession, inbox: Inbox) async {
        let run = await session.runEvents(target)
        // The events are read in a task of their own, which the cancellation does not end: the run's last ones
        // still come.
        let reader = Task { await follow(run, inbox: inbox) }
        await withTaskCancellationHandler {
            await reader.value
        } onCancel: {
            run.cancel()
        }
    }

    /// Posts a run's progress and results as they come, then its summary.
    private static func follow(_ run: RunStream, inbox: Inbox) async {
        var responses: [String: ResponseView] = [:]
        for await event in run {
            switch event {
            case .started: break
            case .progress(let done, let total, let current):
                inbox.post(.runProgress(done: done, total: total, current: current))
            case .result(let result, let response):
                if let response {
                    responses[result.key] = ResponseView.make(response, title: result.key, checks: result.expectations)
                }
            case .finished(let summary):
                inbox.post(.runFinished(summary, responses: responses))
            case .failed(let error):
                // A run that could not start, or (after its summary) whose answers could not all be stored.
                inbox.post(.runFailed(error))
            }
        }
    }
}
