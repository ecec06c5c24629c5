import Foundation
import HTTPTypes
import Tern
import TernMock
import TernWorkspace

/// Turns a workspace's sample responses into canned mock routes (method + path template).
enum MockRoutes {
    /// One route per spec with a sample and a relative path; `{{var}}` in the path matches any segment.
    static func samples(of workspace: Workspace) -> [MockRoute] {
        workspace.specs.compactMap { entry -> MockRoute? in
            guard let sample = entry.spec.sample else { return nil }
            let path = entry.spec.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
            guard path.hasPrefix("/") else { return nil }
            return MockRoute(method: entry.spec.method.uppercased(), path: template(path), response: response(sample))
        }
    }

    /// `/users/{{userId}}` → `/users/{userId}`.
    static func template(_ path: String) -> String {
        var result = ""
        var rest = Substring(path)
        while let open = rest.firstASCIIRange(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstASCIIRange(of: "}}") else {
                result += rest[open.lowerBound...]
                return result
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingWhitespace()
            result += "{\(name.replacingOccurrences(of: ":", with: "_"))}"
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    static func response(_ sample: SampleDefinition) -> MockResponse {
        var headers = sample.headers.map { ($0.name, $0.value) }
        let body: Data
        if case .string(let text) = sample.body {
            body = Data(text.utf8)
        } else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            body = (try? encoder.encode(sample.body)) ?? Data()
            if !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
                headers.append(("Content-Type", "application/json"))
            }
        }
        return MockResponse(status: sample.status, headers: headers, body: body)
    }

    /// The WebSocket conversations the mock serves: each WebSocket spec's `websocket.sample` at its path,
    /// then, for every other path, the conversations the cache holds (newest first, at most 64 a path): the
    /// client's messages pick one among them (two GraphQL subscriptions at `/graphql`).
    static func conversations(of workspace: Workspace, storage: any StorageManager) async -> [MockConversation] {
        var served: [MockConversation] = []
        var paths: Set<String> = []
        for entry in workspace.specs {
            guard let definition = entry.spec.websocket, !definition.sample.isEmpty else { continue }
            let raw = entry.spec.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
            let path = raw.contains("://") ? (URLComponents(string: raw)?.path ?? raw) : raw
            guard path.hasPrefix("/"), !path.contains("{{"), !paths.contains(path) else { continue }
            let transcript = definition.sampleTranscript(url: path)
            served.append(MockConversation(path: path, steps: steps(of: transcript)))
            paths.insert(path)
        }
        let stored = ((try? await storage.entries()) ?? [])
            .filter { $0.headers[.contentType] == WebSocketTranscript.contentType }
            .sorted { $0.storedAt > $1.storedAt }
        var recorded: [String: [[MockConversation.Step]]] = [:]
        for entry in stored {
            guard let path = URLComponents(string: entry.url)?.path, !path.isEmpty, !paths.contains(path),
                recorded[path, default: []].count < 64,
                let body = try? entry.bodyData(), let transcript = try? WebSocketTranscript.decode(body)
            else { continue }
            let steps = steps(of: transcript)
            guard !recorded[path, default: []].contains(steps) else { continue }
            recorded[path, default: []].append(steps)
            served.append(MockConversation(path: path, steps: steps))
        }
        return served
    }

    private static func steps(of transcript: WebSocketTranscript) -> [MockConversation.Step] {
        transcript.frames.map { frame in
            switch (frame.direction, frame.message) {
            case (.received, .text(let text)): .server(text: text)
            case (.received, .binary(let data)): .server(bytes: Array(data))
            case (.sent, .text(let text)): .client(text: text)
            case (.sent, .binary(let data)): .client(bytes: Array(data))
            }
        }
    }
}
