import Foundation
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
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                result += rest[open.lowerBound...]
                return result
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
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
}
