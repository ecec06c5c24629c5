import Foundation
import Synchronization
import Tern
import TernExplorer
import TernScreen

/// How the runtime performs each `Effect`: tasks that talk to the session and post `Msg`s back,
/// and the editor, which runs on the UI thread with the terminal handed over.
extension Runtime {
    func perform(_ effect: Effect) {
        let session = self.session
        let inbox = self.inbox
        switch effect {
        case .run(let command) where command.changesSettings:
            let previous = settingsChain
            settingsChain = tasks.spawn {
                await previous?.value
                await Runtime.run(command, session: session, inbox: inbox)
            }
        case .run(let command):
            spawn { await Runtime.run(command, session: session, inbox: inbox) }
        case .send(let name):
            send(name)
        case .cancelSend:
            // A stream that began ends gracefully (what arrived is kept and stored); anything else is cancelled.
            if let stop = sendStop, stop.began.load(ordering: .relaxed) {
                stop.signal.stop()
            } else {
                act(machine.cancelRequested())
            }
        case .apply(let edit):
            spawn {
                do throws(ExplorerError) {
                    guard case .done(let message) = try await session.run(.edit(edit)) else { return }
                    inbox.post(.editFinished(.success(message)))
                } catch {
                    inbox.post(.editFinished(.failure(error)))
                }
            }
        case .editBody(let id):
            spawn {
                do throws(ExplorerError) {
                    _ = try await session.run(.use(id))
                } catch {
                    inbox.post(.commandFinished(.use(id), .failure(error)))
                    return
                }
                let snapshot = await session.snapshot()
                inbox.post(.snapshot(snapshot))
                if let selected = snapshot.selected { inbox.post(.editorRequested(EditorJob.body(of: selected))) }
            }
        case .select(let id):
            spawn {
                do throws(ExplorerError) {
                    _ = try await session.run(.use(id))
                } catch {
                    inbox.post(.commandFinished(.use(id), .failure(error)))
                }
            }
        case .refreshSnapshot:
            spawn { inbox.post(.snapshot(await session.snapshot())) }
        case .refreshActivity:
            act(machine.refreshRequested())
        case .loadCache:
            spawn {
                do throws(ExplorerError) {
                    guard case .cacheEntries(let entries) = try await session.run(.cache(.list)) else { return }
                    inbox.post(.cacheLoaded(entries.map(CacheRow.init)))
                } catch {
                    inbox.post(.commandFinished(.cache(.list), .failure(error)))
                }
            }
        case .openCacheEntry(let key):
            spawn {
                do throws(ExplorerError) {
                    guard case .cacheEntry(let entry) = try await session.run(.cache(.show(key))) else { return }
                    inbox.post(.responseReady(ResponseView.make(entry)))
                } catch {
                    inbox.post(.commandFinished(.cache(.show(key)), .failure(error)))
                }
            }
        case .search(let query):
            guard let document = state.responsePane.view?.body else { return }
            spawn { inbox.post(.searchFinished(query: query, matches: document.search(query))) }
        case .openEditor(let job):
            openEditor(job)
        case .copy(let text):
            terminal.copyToClipboard(text)
        case .yank(let target):
            spawn { inbox.post(.yankReady(target, await Runtime.yankText(target, session: session))) }
        case .filterBody(let expression): filterBody(expression)
        case .loadVariables: loadVariables()
        case .runSpecs(let target): runSpecs(target)
        case .cancelRun: cancelRun()
        case .loadHistory: loadHistory()
        case .openHistoryEntry(let entry): openHistoryEntry(entry)
        }
    }

    private static func run(_ command: Command, session: ExplorerSession, inbox: Inbox) async {
        do throws(ExplorerError) {
            let output = try await session.run(command)
            // A response (`:rerun N`) or a stored answer (`:cache show KEY`) is formatted here, off the UI
            // task, and shown in the response pane; every other result goes to `App.finished`.
            switch output {
            case .response(let response, let checks, let warnings):
                let title = response.request.name ?? response.request.label
                var view = ResponseView.make(response, title: title, checks: checks)
                view.warnings = warnings
                inbox.post(.responseReady(view))
            case .cacheEntry(let entry):
                inbox.post(.responseReady(ResponseView.make(entry)))
            case .storedAnswer(let answer):
                guard let stored = answer.stored else { return inbox.post(.commandFinished(command, .success(output))) }
                inbox.post(.responseReady(ResponseView.make(stored)))
            default:
                // The state the command left comes first: a key typed after its message (`s` after
                // `using live/ticks`) must see the spec it selected, not wait for the change's own snapshot.
                inbox.post(.snapshot(await session.snapshot()))
                inbox.post(.commandFinished(command, .success(output)))
            }
        } catch {
            inbox.post(.commandFinished(command, .failure(error)))
        }
    }

    func spawn(_ body: @escaping @Sendable () async -> Void) {
        tasks.spawn(body)
    }

    private func send(_ name: String?) {
        let session = self.session
        let inbox = self.inbox
        let title = state.responsePane.sending ?? name ?? "response"
        let id = machine.nextSendID()
        let stop = SendStop()
        sendStop = stop
        var adjustments = SendAdjustments()
        adjustments.streamStop = stop.signal
        adjustments.onStream = { item in
            stop.began.store(true, ordering: .relaxed)
            inbox.postStreamed(item)
        }
        // A gRPC call: each message received shows as it comes; the record becomes its Conversation and Headers.
        let grpc = Mutex<GRPCCallRecord?>(nil)
        adjustments.onGRPC = { event in
            grpc.withLock { record in
                var taken = record ?? GRPCCallRecord()
                taken.take(event)
                record = taken
            }
            if let json = event.receivedJSON {
                stop.began.store(true, ordering: .relaxed)
                inbox.postStreamed(.line(json))
            }
        }
        let task = Task.detached { [adjustments] in
            do throws(ExplorerError) {
                let output = try await session.run(.send(name), sendAdjustments: adjustments)
                guard case .response(let response, let checks, let warnings) = output else { return }
                var view = ResponseView.make(response, title: title, checks: checks)
                if let record = grpc.withLock({ $0 }) {
                    view.show(record, redactor: SecretBook.redactor(hiding: response.request.secretValues))
                }
                view.warnings = warnings
                inbox.post(.responseReady(view), settlingSend: id)
            } catch {
                let failure = Task.isCancelled ? ExplorerError(.request, "cancelled \(title)") : error
                inbox.post(.sendFailed(failure), settlingSend: id)
            }
        }
        act(machine.sendStarted(id: id, handle: task))
    }

    /// Reads the retry log and transfers (the machine lets one read run at a time).
    func readActivity() {
        let session = self.session
        let inbox = self.inbox
        spawn {
            let log = try? await session.run(.log)
            let transfers = try? await session.run(.transfers)
            guard case .retryLog(let entries)? = log, case .transfers(let records)? = transfers else { return }
            inbox.post(.activity(retryLog: entries, transfers: records))
        }
    }

    /// Hands the terminal to `$EDITOR` on `job`'s text, takes it back, answers a waiting caller
    /// and posts the result.
    private func openEditor(_ job: EditorJob) {
        var result: Result<String, any Error> = .failure(ExternalEditor.Failure(description: "the editor did not run"))
        terminal.suspend {
            result = Result {
                try ExternalEditor.editBlocking(job.text, fileExtension: job.fileExtension, schema: job.schema)
            }
        }
        dirty = true
        job.reply?.resume(result)
        inbox.post(.editorFinished(job, result.mapError { ExplorerError(.unsupported, "the editor failed: \($0)") }))
    }
}

/// The running send's stream signal, and whether its stream began (then Esc stops rather than cancels).
final class SendStop: Sendable {
    let signal = StreamStop()
    let began = Atomic<Bool>(false)
}
