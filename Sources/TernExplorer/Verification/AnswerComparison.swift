import Foundation
import Tern
import TernExplorerStorage
import TernWorkspace

/// What `diff` puts beside what.
package enum DiffTarget: Sendable, Equatable {
    /// The spec's newest stored answer beside the one before it (the cache keeps a few per request).
    case previous
    /// The spec's newest answer in this environment beside its newest in another.
    case environment(String)
    /// Two sends from the history, by their numbers in `history` (1 is the newest).
    case history(Int, Int)
}

/// Two stored answers compared (`diff`): nothing is sent.
struct AnswerComparison: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `AnswerComparison` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// `diff [SPEC] [--with ENV | --history N M]`: two answers compared, as `verify` compares a
    /// stored and a live one (status, headers, the JSON body field by field, `verify.ignore` paths
    /// left out). Nothing is sent. `SPEC` defaults to the selected spec.
    func diff(_ name: String?, against target: DiffTarget) async throws(ExplorerError) -> AnswerDiff {
        guard let storage else { throw ExplorerError(.storage, "this session has no cache to compare answers from") }
        switch target {
        case .history(let first, let second):
            let history = try await cacheBrowser.historyEntries()
            guard !history.isEmpty else {
                throw ExplorerError(.usage, "the history is empty: send something first, then compare two sends")
            }
            guard max(first, second) <= history.count else {
                throw ExplorerError(
                    .usage, "history has \(history.count) entries: 'diff --history N M' takes 1 to \(history.count)")
            }
            let older = history[max(first, second) - 1]
            let newer = history[min(first, second) - 1]
            let spec = newer.spec ?? "\(newer.method) \(newer.url)"
            guard let old = await answer(of: older, history: history, in: storage),
                let new = await answer(of: newer, history: history, in: storage)
            else {
                return AnswerDiff(
                    spec: spec, left: "", right: "",
                    outcome: .nothingToCompare("the cache no longer keeps the answers of those sends"))
            }
            let ignoring = workspace.specs.first { $0.id == newer.spec }?.spec.verifyIgnore ?? []
            return AnswerDiff.compare(
                spec: spec, left: ("send \(max(first, second)), \(Self.stamp(old.storedAt))", old),
                right: ("send \(min(first, second)), \(Self.stamp(new.storedAt))", new),
                ignoring: workspace.verifyIgnore + ignoring)
        case .previous:
            let entry = try self.entry(name)
            let key = handler.storageKey(for: try resolve(entry))
            var kept: [StoredResponse] = []
            if let lists = storage as? any ListStorageManager {
                kept = (try? await lists.list(forKey: key)) ?? []
            } else if let newest = (try? await storage.entry(forKey: key)) ?? nil {
                kept = [newest]
            }
            guard kept.count >= 2, let new = kept.last else {
                let reason =
                    kept.isEmpty
                    ? "nothing stored for this request yet: send it twice, then compare"
                    : "one answer stored for this request: send it again, then compare"
                return AnswerDiff(spec: entry.id, left: "", right: "", outcome: .nothingToCompare(reason))
            }
            let old = kept[kept.count - 2]
            return AnswerDiff.compare(
                spec: entry.id, left: ("previous, \(Self.stamp(old.storedAt))", old),
                right: ("newest, \(Self.stamp(new.storedAt))", new),
                ignoring: workspace.verifyIgnore + entry.spec.verifyIgnore)
        case .environment(let other):
            guard workspace.environments[other] != nil else {
                let known = workspace.environments.keys.sorted().joined(separator: ", ")
                throw ExplorerError(.usage, "no environment '\(other)' in this workspace (environments: \(known))")
            }
            let entry = try self.entry(name)
            let here = activeEnvironment ?? "none"
            let hereKey = handler.storageKey(for: try resolve(entry))
            let thereKey = handler.storageKey(for: try context.resolve(entry, environment: other))
            let mine = (try? await storage.entry(forKey: hereKey)) ?? nil
            let theirs = (try? await storage.entry(forKey: thereKey)) ?? nil
            guard let mine, let theirs else {
                let missing = [mine == nil ? here : nil, theirs == nil ? other : nil].compactMap { $0 }
                return AnswerDiff(
                    spec: entry.id, left: "", right: "",
                    outcome: .nothingToCompare(
                        "nothing stored in \(missing.joined(separator: " and ")): send it there first"))
            }
            return AnswerDiff.compare(
                spec: entry.id, left: ("\(other), \(Self.stamp(theirs.storedAt))", theirs),
                right: ("\(here), \(Self.stamp(mine.storedAt))", mine),
                ignoring: workspace.verifyIgnore + entry.spec.verifyIgnore)
        }
    }

    /// The answer a history row's send got: the answers kept under its key are the newest sends
    /// under that key, oldest first, so the row's place among the sends with its key (counted from
    /// the newest) is its answer's place among them. `nil` once the cache no longer keeps it.
    private func answer(of entry: HistoryEntry, history: [HistoryEntry], in storage: any StorageManager) async
        -> StoredResponse?
    {
        guard let key = entry.cacheKey else { return await CacheDesk(context).storedAnswer(of: entry).stored }
        guard let lists = storage as? any ListStorageManager else {
            return history.first { $0.cacheKey == key } == entry
                ? ((try? await storage.entry(forKey: key)) ?? nil) : nil
        }
        let versions = (try? await lists.list(forKey: key)) ?? []
        // History is newest first. Only live answers are stored; one served from the cache got the
        // answer of the live send before it.
        let stored = history.filter { $0.cacheKey == key && $0.source == .live }
        guard let row = history.firstIndex(of: entry),
            let sent = history[row...].first(where: { $0.cacheKey == key && $0.source == .live }),
            let place = stored.firstIndex(of: sent)
        else { return nil }
        let index = versions.count - 1 - place
        return versions.indices.contains(index) ? versions[index] : nil
    }

    /// `12:03:07` for an answer stored today, else its date too.
    static func stamp(_ date: Date) -> String {
        let format = DateFormatter()
        format.dateFormat = Calendar.current.isDateInToday(date) ? "HH:mm:ss" : "yyyy-MM-dd HH:mm"
        return "stored " + format.string(from: date)
    }
}
