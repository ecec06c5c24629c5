import Foundation
import Tern
import TernExplorer
import TernWorkspace

/// `--events json`: one JSON object per handler event on stderr.
struct EventPrinter: Sendable {
    func print(_ event: HandlerEvent) {
        StandardStream.error.write(JSONLines.object(Self.fields(event)) + "\n")
    }

    /// Writes the `body` lines of `request` (see `bodyFields`); call it before sending.
    func printBodyFiles(of request: Request, in workspace: Workspace) {
        for fields in Self.bodyFields(of: request, in: workspace) {
            StandardStream.error.write(JSONLines.object(fields) + "\n")
        }
    }

    /// One `{"event":"body","file":"/abs/path","outside":true}` per file the body reads: the
    /// resolved absolute path and whether it lies outside the workspace folder.
    static func bodyFields(of request: Request, in workspace: Workspace) -> [[(String, JSONLines.Value)]] {
        request.body.files.map { file in
            [("event", .string("body")), ("file", .string(file.path)), ("outside", .bool(workspace.isOutside(file)))]
        }
    }

    /// The fields of an event, `event` first (the CLI contract in docs/cli.md).
    static func fields(_ event: HandlerEvent) -> [(String, JSONLines.Value)] {
        switch event.kind {
        case .attempt(let number):
            return [("event", .string("attempt")), ("attempt", .int(number)), ("request", .string(event.label))]
        case .retry(let attempt, let cause, let delay):
            var fields: [(String, JSONLines.Value)] = [
                ("event", .string("retry")), ("attempt", .int(attempt)), ("delay", .double(delay.seconds)),
                ("cause", .string(cause.description)),
            ]
            if case .status(let status) = cause { fields.append(("status", .int(status))) }
            return fields
        case .reconnect(let number, let delay, let lastEventID):
            return [
                ("event", .string("reconnect")), ("number", .int(number)), ("delay", .double(delay.seconds)),
                ("lastEventID", lastEventID.map { .string($0) } ?? .null),
            ]
        case .redirect(let hop):
            return [
                ("event", .string("redirect")), ("status", .int(hop.status)), ("from", .string(hop.from)),
                ("location", .string(hop.to)), ("method", .string(hop.method)),
            ]
        case .progress(let progress):
            return [
                ("event", .string("progress")), ("direction", .string(progress.direction.rawValue)),
                ("bytes", .int(Int(progress.bytes))),
                ("total", progress.total.map { .int(Int($0)) } ?? .null),
            ]
        case .cache(let decision):
            switch decision {
            case .hit(let key, let expired):
                return [
                    ("event", .string("cache")), ("result", .string("hit")), ("key", .string(key)),
                    ("expired", .bool(expired)),
                ]
            case .miss(let key):
                return [("event", .string("cache")), ("result", .string("miss")), ("key", .string(key))]
            case .stored(let key, _):
                return [("event", .string("cache")), ("result", .string("stored")), ("key", .string(key))]
            case .sample(let key):
                return [("event", .string("cache")), ("result", .string("sample")), ("key", .string(key))]
            case .revalidated(let key, _):
                return [("event", .string("cache")), ("result", .string("revalidated")), ("key", .string(key))]
            case .stale(let key, let reason):
                return [
                    ("event", .string("cache")), ("result", .string("stale")), ("key", .string(key)),
                    ("reason", .string(reason)),
                ]
            case .notStored(let key, let reason):
                return [
                    ("event", .string("cache")), ("result", .string("not-stored")), ("key", .string(key)),
                    ("reason", .string(reason)),
                ]
            case .invalidated(let url):
                return [("event", .string("cache")), ("result", .string("invalidated")), ("url", .string(url))]
            }
        case .response(let status, let source, let bytes, let duration, let phases):
            return [
                ("event", .string("response")), ("status", .int(status)), ("source", .string(source.rawValue)),
                ("bytes", .int(Int(bytes))),
                ("duration", .double(duration.seconds)),
                ("timing", phases.map(Self.timing) ?? .null),
            ]
        case .failure(let error):
            return [
                ("event", .string("failure")), ("error", .string(error.kind.summary)),
                ("message", .string(error.message)),
            ]
        }
    }

    /// `{"dnsMs":null,"connectMs":1.2,...,"totalMs":4.5,"reusedConnection":false}`: a response's phases.
    static func timing(_ phases: TransferPhases) -> JSONLines.Value {
        var fields: [(String, JSONLines.Value)] = phases.milliseconds.map {
            ($0.key, $0.value.map { .double($0) } ?? .null)
        }
        fields.append(("reusedConnection", phases.reusedConnection.map { .bool($0) } ?? .null))
        return .json(JSONLines.object(fields))
    }
}
