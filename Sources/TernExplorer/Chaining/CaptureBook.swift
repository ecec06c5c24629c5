package import Foundation
import Synchronization
import Tern

/// What sends leave for the sends after them: the values captured from answers and the answers of
/// dependencies (kept in `.tern/captures.json`, read on first use), the data row a run is on, and the latest
/// response (what `filter` and `timing` read). The chaining concept's state, shared by every send.
final class CaptureBook: Sendable {
    private struct State {
        var store: CaptureStore?
        var pass: DataPass?
        var latest: Response?
    }

    private let state = Mutex(State())
    /// The folder of `captures.json` (the workspace's `.tern/`).
    let folder: URL

    /// A book kept in `folder`, read on first use.
    init(folder: URL) {
        self.folder = folder
    }

    /// The capture store, read from the folder the first time.
    var store: CaptureStore {
        state.withLock { state in
            if let store = state.store { return store }
            let store = CaptureStore.load(from: folder)
            state.store = store
            return store
        }
    }

    /// The captured values of `environment`, with their sources.
    func values(_ environment: String?) -> [String: CapturedValue] {
        store.partition(environment).values.mapValues {
            CapturedValue(value: $0.value, spec: $0.spec, capturedAt: $0.capturedAt)
        }
    }

    /// The captured values templates read in `environment`: in a data run, those captured before the run or
    /// in this row.
    func valuesInForce(_ environment: String?) -> [String: String] {
        let pass = self.pass
        return values(environment).filter { pass?.sees($0.value.capturedAt) ?? true }.mapValues(\.value)
    }

    /// Captured values whose names say they are credentials (`token`, `accessToken`, `session`, `password`,
    /// `apiKey`, ...): redacted wherever the request is recorded (cache, history, events) and masked by `show`
    /// and `vars`, like `{{env:…}}` values. Longer first.
    func secretValues(_ environment: String?) -> [String] {
        values(environment).compactMap { name, captured in
            SecretMask.looksSecret(name) && captured.value.count >= 4 ? captured.value : nil
        }.sorted { $0.count > $1.count }
    }

    /// Records `values` captured from `spec`'s answer with `status` in `environment`, and writes the file.
    func record(
        _ values: [String: String], from spec: String, status: Int, environment: String?
    ) throws(ExplorerError) {
        var store = self.store
        store.record(values, from: spec, status: status, at: Date(), environment: environment)
        try save(store)
    }

    /// Forgets the captured values of `environment` (all of them when `names` is empty), and writes the file.
    func clear(_ names: [String], environment: String?) throws(ExplorerError) {
        var store = self.store
        store.clear(names, environment: environment)
        try save(store)
    }

    private func save(_ store: CaptureStore) throws(ExplorerError) {
        state.withLock { $0.store = store }
        do {
            try store.save(to: folder)
        } catch {
            throw ExplorerError(.storage, "the captured values could not be saved: \(error)")
        }
    }

    /// The data row a run is on (`nil` outside a data run).
    var pass: DataPass? { state.withLock { $0.pass } }

    /// Starts the pass over `row` (a dependency is sent again unless answered in it); `nil` ends the data run.
    func enter(_ row: RunData.Row?) {
        let now = Date()
        state.withLock { state in
            state.pass = row.map { DataPass(row: $0, runStarted: state.pass?.runStarted ?? now, rowStarted: now) }
        }
    }

    /// Notes that `spec` answered `status` in the data row's pass.
    func answered(_ spec: String, status: Int) {
        state.withLock { $0.pass?.answered[spec] = status }
    }

    /// The latest response a send produced.
    var latest: Response? {
        get { state.withLock { $0.latest } }
        set { state.withLock { $0.latest = newValue } }
    }
}

/// A value captured from a response, with where and when.
package struct CapturedValue: Sendable, Equatable {
    /// The value.
    package var value: String
    /// The spec whose response it came from.
    package var spec: String
    /// When.
    package var capturedAt: Date
}
