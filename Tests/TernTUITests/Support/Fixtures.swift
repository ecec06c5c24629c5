import Foundation
import HTTPTypes
import Tern
import TernScreen
import Testing

@testable import TernExplorer
@testable import TernTUI

/// A fixed moment, so relative ages and clock times in snapshots never change.
let fixedNow = Date(timeIntervalSince1970: 1_790_000_000)

enum Fixtures {
    static let specs = [
        SpecSummary(id: "auth/protected", name: "Protected", method: "GET", path: "/auth/protected", target: "api"),
        SpecSummary(
            id: "files/big-download", name: "Big download", method: "GET", path: "/bytes/52428800", target: "api"),
        SpecSummary(id: "reliability/flaky", name: "Flaky", method: "GET", path: "/flaky/demo", target: "api"),
        SpecSummary(id: "users/create-user", name: "Create user", method: "POST", path: "/users", target: "api"),
        SpecSummary(id: "users/get-user", name: "Get user", method: "GET", path: "/users/{{userId}}", target: "api"),
    ]

    static let getUser = SpecDetail(
        id: "users/get-user", name: "Get user", method: "GET", path: "/users/{{userId}}", target: "api",
        query: [
            EditableItem(name: "fields", value: "name,email"), EditableItem(name: "debug", value: "1", enabled: false),
        ],
        headers: [EditableItem(name: "X-Request-Source", value: "demo")],
        body: "", bodyKind: nil, transaction: "data", edited: false
    )

    static func snapshot(selected: SpecDetail? = getUser, unsaved: [String] = [], mode: ResponseMode = .normal)
        -> ExplorerSnapshot
    {
        ExplorerSnapshot(
            workspaceName: "Demo", specs: specs, environments: ["local", "shared"], environment: "local", mode: mode,
            selected: selected,
            variables: [
                EditableItem(name: "userId", value: "1", origin: "local"),
                EditableItem(name: "baseURL", value: "{{mock}}", origin: "local"),
            ],
            unsaved: unsaved,
            vocabulary: CompletionVocabulary(
                specs: specs.map(\.id) + ["create-user", "flaky", "get-user", "protected", "big-download"],
                environments: ["local", "shared"], headers: CompletionVocabulary.commonHeaders + ["X-Request-Source"],
                variables: ["baseURL", "userId"]
            )
        )
    }

    /// A state with the workspace loaded and `users/get-user` selected (the tree's cursor on it).
    /// What a component is given on its own: `snapshot`, the default keys, the fixed clock, the focus.
    static func context(_ snapshot: ExplorerSnapshot?, page: Int = 5, now: Date = fixedNow) -> ComponentContext {
        ComponentContext(snapshot: snapshot, keys: KeyTable(), now: now, timeZone: .utc, focused: true, page: page)
    }

    static func state(width: Int = 100, height: Int = 30) -> AppState {
        var state = AppState(size: Size(width: width, height: height), now: fixedNow)
        state.timeZone = .utc
        _ = App.update(&state, .snapshot(snapshot()))
        state.workspaceTree.selection = state.treeRows.firstIndex { $0.specID == "users/get-user" } ?? 0
        state.activityPanes.cacheLoaded = true
        return state
    }

    static func jsonResponse(source: ResponseSource = .live, attempts: Int = 1) -> ResponseView {
        let body = Data(
            (#"{"id":1,"name":"Ada Lovelace","email":"ada@example.com","#
                + #""tags":["math","poetry"],"active":true,"score":9.5}"#).utf8)
        return ResponseView(
            title: "users/get-user", status: 200, reason: "OK", source: source, duration: .milliseconds(38),
            size: Int64(body.count),
            storedAt: source == .cache ? fixedNow.addingTimeInterval(-240) : nil,
            validUntil: source == .sample ? nil : fixedNow.addingTimeInterval(360), attempts: attempts,
            headers: ["Content-Type: application/json", "Content-Length: \(body.count)"],
            requestLines: ["GET http://127.0.0.1:8787/users/1?fields=name,email", "Accept: application/json"],
            body: BodyDocument.make(body, contentType: "application/json")
        )
    }

    static let retryLog = [
        RetryLogEntry(
            requestID: RequestID(rawValue: 3), date: fixedNow.addingTimeInterval(-2), label: "reliability/flaky",
            attempt: 1, outcome: .retried(cause: "status 503"), delayBeforeNext: .milliseconds(200)),
        RetryLogEntry(
            requestID: RequestID(rawValue: 3), date: fixedNow.addingTimeInterval(-1.7), label: "reliability/flaky",
            attempt: 2, outcome: .retried(cause: "status 503"), delayBeforeNext: .milliseconds(400)),
        RetryLogEntry(
            requestID: RequestID(rawValue: 3), date: fixedNow.addingTimeInterval(-1.2), label: "reliability/flaky",
            attempt: 3, outcome: .status(200, .live)),
    ]

    static let transfers = [
        TransferRecord(
            requestID: RequestID(rawValue: 1), label: "files/big-download",
            progress: TransferProgress(
                direction: .download, bytes: 20_000_000, total: 50_000_000, bytesPerSecond: 10_000_000)
        ),
        TransferRecord(
            requestID: RequestID(rawValue: 2), label: "files/upload",
            progress: TransferProgress(
                direction: .upload, bytes: 1_000_000, total: 1_000_000, bytesPerSecond: 5_000_000, isFinished: true),
            outcome: .done
        ),
    ]

    static let cacheRows = [
        CacheRow(
            key: "user-1 @local", method: "GET", status: 200, size: 112, storedAt: fixedNow.addingTimeInterval(-240),
            validUntil: fixedNow.addingTimeInterval(360), source: .live, answers: "users/get-user @local  GET /users/1",
            state: "revalidated"),
        CacheRow(
            key: "GET http://127.0.0.1:8787/flaky/demo #0c1d2e3f4a5b6c7d @local", method: "GET", status: 200,
            size: 52_428_800, storedAt: fixedNow.addingTimeInterval(-7200),
            validUntil: fixedNow.addingTimeInterval(-3600), source: .live,
            answers: "reliability/flaky @local  GET /flaky/demo", state: "drifted"),
    ]
}

/// Compares a frame's text with `Snapshots/NAME.txt`; `TERN_RECORD_SNAPSHOTS=1` rewrites the file.
func expectSnapshot(_ buffer: ScreenBuffer, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots")
    let file = folder.appendingPathComponent(name + ".txt")
    let text = buffer.text + "\n"
    if ProcessInfo.processInfo.environment["TERN_RECORD_SNAPSHOTS"] != nil {
        try? text.write(to: file, atomically: true, encoding: .utf8)
        return
    }
    guard let recorded = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("no snapshot \(name).txt; record it with TERN_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
        return
    }
    #expect(text == recorded, "snapshot \(name) differs:\n\(text)", sourceLocation: sourceLocation)
}

/// Feeds keys through `update`, collecting the effects.
@discardableResult
func press(_ keys: [Key], _ state: inout AppState) -> [Effect] {
    keys.flatMap { App.update(&state, .key($0)) }
}

/// Keys for each character of `text`.
func typing(_ text: String) -> [Key] {
    text.map { Key.character($0) }
}
