import Tern
import TernWorkspace

/// Saved responses (Postman "examples") as a spec's `sample`: the first one is kept.
enum PostmanResponse {
    /// The sample for an item's `response` list, or nil when it has none.
    static func sample(_ responses: [JSONNode], item: String, context: ImportContext) -> SampleDefinition? {
        guard let first = responses.first else { return nil }
        if responses.count > 1 {
            context.warn("\(item): kept the first of \(responses.count) saved responses as its sample")
        }
        var status = 200
        if case .int(let code) = first["code"]?.value, (100...999).contains(code) { status = code }
        var headers: [(name: String, value: String)] = []
        for header in first["header"]?.elements ?? [] {
            guard let key = header.text("key") else { continue }
            headers.append((key, header.text("value") ?? ""))
        }
        return SampleDefinition(
            status: status, headers: headers, body: body(first.text("body") ?? "", headers: headers))
    }

    /// A saved body: `null` when empty, JSON when it is a JSON object or list (or declared JSON), else text.
    static func body(_ text: String, headers: [(name: String, value: String)]) -> JSONValue {
        guard !text.isEmpty else { return .null }
        let declaredJSON = headers.contains {
            $0.name.lowercased() == "content-type" && $0.value.lowercased().contains("json")
        }
        let trimmed = text.trimmingSpaces
        if declaredJSON || trimmed.hasPrefix("{") || trimmed.hasPrefix("["),
            let value = JSONDocument.value(ofText: text)
        {
            return value
        }
        return .string(text)
    }
}
