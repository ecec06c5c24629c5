package import Foundation
import Tern
package import TernExplorer
package import TernScreen

/// The TUI's loop: reads keys, runs `update` on them and on the messages effects post back,
/// and redraws — only when the message queue is empty, and writing only the changed cells.
///
/// Everything here runs on one thread (the caller's; ncurses is not thread-safe). Effects run as
/// tasks that talk to the `ExplorerSession` and post `Msg`s to the inbox (`Runtime+Effects.swift`);
/// nothing blocks the loop but `$EDITOR`, which has the terminal meanwhile.
package final class Runtime {
    /// How the loop runs.
    package struct Options: Sendable {
        /// Quit as soon as the first complete frame (with the workspace loaded) is drawn: the benchmark's mode.
        package var exitAfterFirstFrame = false
        /// How long to wait for a key before looking at the inbox again.
        package var pollMilliseconds = 15

        /// Options for an interactive loop, or the benchmark's.
        package init(exitAfterFirstFrame: Bool = false) {
            self.exitAfterFirstFrame = exitAfterFirstFrame
        }
    }

    let terminal: any Terminal
    let session: ExplorerSession
    let bridge: EditorBridge?
    private let options: Options
    let inbox = Inbox()
    var state: AppState
    var dirty = true
    /// The activity read and the send in flight.
    var machine = RuntimeMachine<Task<Void, Never>>()
    /// The tasks that have not ended, cancelled when the TUI quits.
    let tasks = RunningTasks()
    /// The last command that changes the session's settings (mode, environment): each waits for the one
    /// before, so a burst of `m` presses is applied in the order it was typed.
    var settingsChain: Task<Void, Never>?
    /// The run going (`R`, `:run`), which `Esc` cancels.
    var runTask: Task<Void, Never>?
    /// The latest send's stream signal (Esc stops a stream that began).
    var sendStop: SendStop?
    /// When the first frame showing the workspace was presented.
    package private(set) var firstFrameAt: Date?
    /// Whether keys wait in the terminal until the session has read every spec file (`Msg.specsLoaded`).
    var keysHeld = true

    /// A loop drawing on `terminal` for `session` with the keys of `keys`; `bridge` is the session's
    /// editor, when it has one.
    package init(
        terminal: any Terminal, session: ExplorerSession, bridge: EditorBridge? = nil, keys: KeyTable = KeyTable(),
        options: Options = Options()
    ) {
        self.terminal = terminal
        self.session = session
        self.bridge = bridge
        self.options = options
        state = AppState(size: terminal.size, keys: keys)
    }

    /// Runs until the user quits or `shouldStop` says so (a signal). Returns the final state.
    @discardableResult
    package func run(shouldStop: () -> Bool = { false }) -> AppState {
        start()
        defer { stop() }
        var lastTick = Date()
        var lastRender = ContinuousClock.now
        while !state.quitting {
            if shouldStop() { break }
            if keysHeld {
                // The first frames draw meanwhile; typed keys stay queued in the terminal, in order.
                if inbox.isEmpty { usleep(2_000) }
            } else if let key = terminal.readKey(
                timeoutMilliseconds: inbox.isEmpty ? options.pollMilliseconds : 0)
            {
                // Keys see the current time (a send's start, relative ages).
                let now = Date()
                if now.timeIntervalSince(state.now) > 0.05 { dispatch(.tick(now)) }
                dispatch(key == .resize ? .resized(terminal.size) : .key(key))
            }
            drainInbox()
            let now = Date()
            if now.timeIntervalSince(lastTick) >= (state.responsePane.sending != nil ? 0.2 : 5) {
                lastTick = now
                dispatch(.tick(now))
            }
            // Drawn when the queue is empty, and at least every 50 ms while messages keep coming (a stream
            // of thousands of events a second never leaves the queue empty for long).
            if dirty, inbox.isEmpty || ContinuousClock.now - lastRender >= .milliseconds(50) {
                render()
                lastRender = ContinuousClock.now
                if firstFrameAt == nil, state.snapshot != nil {
                    firstFrameAt = Date()
                    if options.exitAfterFirstFrame { break }
                    readSpecsBehindFirstFrame()
                }
            }
        }
        return state
    }

    /// Once the first frame is up, has the session read every spec file when it opened on the spec index's
    /// listing, and lets keys be read when it has (the session's snapshot of the whole workspace first).
    private func readSpecsBehindFirstFrame() {
        let session = self.session
        let inbox = self.inbox
        tasks.spawn {
            guard await session.snapshot().isLoading else {
                inbox.post(.specsLoaded)
                return
            }
            await session.waitUntilLoaded()
            inbox.post(.snapshot(await session.snapshot()))
            inbox.post(.specsLoaded)
        }
    }

    /// Subscribes to the session's events and asks for the first snapshot and cache list.
    func start() {
        let inbox = self.inbox
        bridge?.attach { inbox.post($0) }
        let session = self.session
        tasks.spawn {
            for await event in session.events() {
                switch event {
                case .handler(let handlerEvent): inbox.post(.handlerEvent(handlerEvent))
                case .stateChanged: inbox.post(.snapshot(await session.snapshot()))
                case .authorization(let prompt): inbox.post(.authorization(prompt))
                case .reloaded(let outcome): inbox.post(.reloaded(outcome))
                case .loadProgress(let figures): inbox.post(.loadProgress(figures))
                }
            }
        }
        // Spec, environment and workspace files edited, added or removed on disk are read again as they change.
        tasks.keep(WorkspaceWatcher.watch(session))
        perform(.refreshSnapshot)
        perform(.loadCache)
    }

    /// Cancels what is still running.
    func stop() {
        act(machine.stopped())
        runTask?.cancel()
        tasks.cancelAll()
        bridge?.attach(nil)
    }

    /// Draws the current state.
    func render() {
        terminal.present(App.view(state))
        dirty = false
    }

    /// Shows `message` on the status line (a problem with the config file, at start).
    package func show(_ message: StatusMessage) {
        state.status = message
        dirty = true
    }

    /// The state now (tests read it).
    package var current: AppState { state }

    /// Feeds one message through `update` and runs the effects it asks for.
    func dispatch(_ msg: Msg) {
        if case .activity = msg { act(machine.activityArrived()) }
        let effects = App.update(&state, msg)
        dirty = true
        for effect in effects { perform(effect) }
    }

    /// Dispatches every posted message, noting the sends they settle.
    func drainInbox() {
        for entry in inbox.drain() {
            if let id = entry.settlesSend { machine.sendSettled(id: id) }
            if case .specsLoaded = entry.msg { keysHeld = false }
            dispatch(entry.msg)
        }
    }

    /// Performs what the runtime machine asks for.
    func act(_ action: RuntimeMachine<Task<Void, Never>>.Action) {
        switch action {
        case .none: break
        case .readActivity: readActivity()
        case .cancel(let task): task.cancel()
        }
    }

    /// Handles posted messages until `condition` holds or `timeout` passes, then draws; returns
    /// whether the condition held. Tests drive the runtime with keys and this.
    @discardableResult
    func waitUntil(timeout: Duration = .seconds(30), _ condition: (AppState) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            drainInbox()
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
