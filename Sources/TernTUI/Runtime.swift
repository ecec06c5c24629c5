import Foundation
import Synchronization
import Tern
import TernExplorer
import TernScreen

/// Messages posted by effect tasks and event streams, drained by the UI thread.
final class Inbox: Sendable {
    private let messages = Mutex<[Msg]>([])

    func post(_ msg: Msg) {
        messages.withLock { $0.append(msg) }
    }

    func drain() -> [Msg] {
        messages.withLock { queue in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
    }

    var isEmpty: Bool { messages.withLock { $0.isEmpty } }
}

/// Lets the session's `body edit` reach the UI thread: the session awaits `edit`, the runtime
/// suspends the screen, runs `$EDITOR` and answers. Create it before the session (it is the
/// session's `editor` option) and hand it to the runtime.
public final class EditorBridge: Sendable {
    private struct Request {
        var text: String
        var continuation: CheckedContinuation<String, any Error>
    }

    private let pending = Mutex<[Request]>([])
    private let attached = Mutex(false)

    public init() {}

    /// Edits `text` in `$EDITOR` while the TUI lets go of the terminal.
    public func edit(_ text: String) async throws -> String {
        guard attached.withLock({ $0 }) else {
            throw ExternalEditor.Failure(description: "no terminal to run the editor on")
        }
        return try await withCheckedThrowingContinuation { continuation in
            pending.withLock { $0.append(Request(text: text, continuation: continuation)) }
        }
    }

    func attach(_ value: Bool) {
        attached.withLock { $0 = value }
        if !value {
            for request in pending.withLock({ queue in defer { queue.removeAll() }; return queue }) {
                request.continuation.resume(throwing: ExternalEditor.Failure(description: "the TUI closed"))
            }
        }
    }

    /// Runs waiting edits with `run` (on the UI thread).
    func serve(_ run: (String) -> Result<String, any Error>) {
        let requests = pending.withLock { queue in defer { queue.removeAll() }; return queue }
        for request in requests {
            request.continuation.resume(with: run(request.text))
        }
    }
}

/// The TUI's loop: reads keys, runs `update` on them and on the messages effects post back,
/// and redraws — only when the message queue is empty, and writing only the changed cells.
///
/// Everything here runs on one thread (the caller's; ncurses is not thread-safe). Effects run as
/// tasks that talk to the `ExplorerSession` and post `Msg`s to the inbox; nothing blocks the loop.
public final class Runtime {
    public struct Options: Sendable {
        /// Quit as soon as the first complete frame (with the workspace loaded) is drawn: the benchmark's mode.
        public var exitAfterFirstFrame = false
        /// How long to wait for a key before looking at the inbox again.
        public var pollMilliseconds = 15

        public init(exitAfterFirstFrame: Bool = false) {
            self.exitAfterFirstFrame = exitAfterFirstFrame
        }
    }

    private let terminal: any Terminal
    private let session: ExplorerSession
    private let bridge: EditorBridge?
    private let options: Options
    private let inbox = Inbox()
    private var state: AppState
    private var dirty = true
    private var sendTask: Task<Void, Never>?
    private var activityInFlight = false
    private var activityPending = false
    private var tasks: [Task<Void, Never>] = []
    /// The last command that changes the session's settings (mode, environment): each waits for the one
    /// before, so a burst of `m` presses is applied in the order it was typed.
    private var settingsChain: Task<Void, Never>?
    /// When the first frame showing the workspace was presented.
    public private(set) var firstFrameAt: Date?

    public init(terminal: any Terminal, session: ExplorerSession, bridge: EditorBridge? = nil, options: Options = Options()) {
        self.terminal = terminal
        self.session = session
        self.bridge = bridge
        self.options = options
        state = AppState(size: terminal.size)
    }

    /// Runs until the user quits or `shouldStop` says so (a signal). Returns the final state.
    @discardableResult
    public func run(shouldStop: () -> Bool = { false }) -> AppState {
        start()
        defer { stop() }
        var lastTick = Date()
        while !state.quitting {
            if shouldStop() { break }
            if let key = terminal.readKey(timeoutMilliseconds: inbox.isEmpty ? options.pollMilliseconds : 0) {
                // Keys see the current time (a send's start, relative ages).
                let now = Date()
                if now.timeIntervalSince(state.now) > 0.05 { dispatch(.tick(now)) }
                dispatch(key == .resize ? .resized(terminal.size) : .key(key))
            }
            for msg in inbox.drain() { dispatch(msg) }
            serveEditor()
            let now = Date()
            if now.timeIntervalSince(lastTick) >= (state.sending != nil ? 0.2 : 5) {
                lastTick = now
                dispatch(.tick(now))
            }
            if dirty, inbox.isEmpty {
                render()
                if firstFrameAt == nil, state.snapshot != nil {
                    firstFrameAt = Date()
                    if options.exitAfterFirstFrame { break }
                }
            }
        }
        return state
    }

    /// Subscribes to the session's events and asks for the first snapshot and cache list.
    func start() {
        bridge?.attach(true)
        let session = self.session
        let inbox = self.inbox
        tasks.append(Task.detached {
            for await event in session.events() {
                switch event {
                case .handler(let handlerEvent): inbox.post(.handlerEvent(handlerEvent))
                case .stateChanged: inbox.post(.snapshot(await session.snapshot()))
                }
            }
        })
        perform(.refreshSnapshot)
        perform(.loadCache)
    }

    /// Cancels what is still running.
    func stop() {
        sendTask?.cancel()
        for task in tasks { task.cancel() }
        bridge?.attach(false)
    }

    /// Draws the current state.
    func render() {
        terminal.present(App.view(state))
        dirty = false
    }

    /// Runs `$EDITOR` for waiting `body edit`s, with the screen handed over meanwhile.
    private func serveEditor() {
        bridge?.serve { text in
            var result: Result<String, any Error> = .failure(ExternalEditor.Failure(description: "the editor did not run"))
            terminal.suspend { result = Result { try ExternalEditor.editBlocking(text) } }
            dirty = true
            return result
        }
    }

    /// The state now (tests read it).
    var current: AppState { state }

    /// Feeds one message through `update` and runs the effects it asks for.
    func dispatch(_ msg: Msg) {
        if case .activity = msg {
            activityInFlight = false
            if activityPending {
                activityPending = false
                perform(.refreshActivity)
            }
        }
        let effects = App.update(&state, msg)
        dirty = true
        for effect in effects { perform(effect) }
    }

    private func spawn(_ body: @escaping @Sendable () async -> Void) {
        tasks.removeAll { $0.isCancelled }
        tasks.append(Task.detached(operation: body))
    }

    func perform(_ effect: Effect) {
        let session = self.session
        let inbox = self.inbox
        switch effect {
        case .run(let command) where command.changesSettings:
            let previous = settingsChain
            let task = Task.detached {
                await previous?.value
                do throws(ExplorerError) {
                    let output = try await session.run(command)
                    inbox.post(.commandFinished(command, .success(output)))
                } catch {
                    inbox.post(.commandFinished(command, .failure(error)))
                }
            }
            settingsChain = task
            tasks.append(task)
        case .run(let command):
            spawn {
                do throws(ExplorerError) {
                    let output = try await session.run(command)
                    inbox.post(.commandFinished(command, .success(output)))
                } catch {
                    inbox.post(.commandFinished(command, .failure(error)))
                }
            }
        case .send(let name):
            let title = state.sending ?? name ?? "response"
            sendTask = Task.detached {
                do throws(ExplorerError) {
                    let response = try await session.send(name)
                    inbox.post(.responseReady(ResponseView.make(response, title: title)))
                } catch {
                    if Task.isCancelled {
                        inbox.post(.sendFailed(ExplorerError(.request, "cancelled \(title)")))
                    } else {
                        inbox.post(.sendFailed(error))
                    }
                }
            }
        case .cancelSend:
            sendTask?.cancel()
        case .apply(let edit):
            spawn {
                do throws(ExplorerError) {
                    inbox.post(.editFinished(.success(try await session.apply(edit))))
                } catch {
                    inbox.post(.editFinished(.failure(error)))
                }
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
            if activityInFlight {
                activityPending = true
                return
            }
            activityInFlight = true
            spawn {
                let log = try? await session.run(.log)
                let transfers = try? await session.run(.transfers)
                guard case .retryLog(let entries)? = log, case .transfers(let records)? = transfers else {
                    inbox.post(.activity(retryLog: [], transfers: []))
                    return
                }
                inbox.post(.activity(retryLog: entries, transfers: records))
            }
        case .loadCache:
            spawn {
                do throws(ExplorerError) {
                    if case .cacheEntries(let entries) = try await session.run(.cache(.list)) {
                        inbox.post(.cacheLoaded(entries.map(CacheRow.init)))
                    }
                } catch {
                    inbox.post(.commandFinished(.cache(.list), .failure(error)))
                }
            }
        case .openCacheEntry(let key):
            spawn {
                do throws(ExplorerError) {
                    if case .cacheEntry(let entry) = try await session.run(.cache(.show(key))) {
                        inbox.post(.responseReady(ResponseView.make(entry)))
                    }
                } catch {
                    inbox.post(.commandFinished(.cache(.show(key)), .failure(error)))
                }
            }
        case .search(let query):
            guard let document = state.response?.body else { return }
            spawn { inbox.post(.searchFinished(query: query, matches: document.search(query))) }
        }
    }

    /// Handles posted messages until `condition` holds or `timeout` passes, then draws; returns
    /// whether the condition held. Tests drive the runtime with keys and this.
    @discardableResult
    func waitUntil(timeout: Duration = .seconds(30), _ condition: (AppState) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            for msg in inbox.drain() { dispatch(msg) }
            if condition(state) {
                render()
                return true
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        render()
        return false
    }
}

/// A dedicated thread for the TUI: ncurses is not thread-safe, and blocking key reads (and a
/// blocked `$EDITOR`) must stay off Swift's cooperative pool.
public enum UIThread {
    public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: body())
            }
            thread.name = "tern-ui"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
