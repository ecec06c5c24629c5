import Foundation
import HTTPTypes
package import Tern

extension HAREntry {
    /// The HAR entry of a stored answer, ready to leave the machine: the recorded request comes from the
    /// cache already redacted, and the answer is masked by `redactor` (sensitive fields such as
    /// `Set-Cookie`, and the secret values it knows in fields and text bodies). Throws when the body
    /// cannot be read.
    package init(stored entry: StoredResponse, redactor: Redactor = .none) throws {
        let record = entry.request?.redacted(by: redactor)
        let method = record?.method ?? entry.method
        let url = record?.url ?? redactor.redact(urlText: entry.url)
        let requestHeaders = (record?.headers ?? []).map { HARPair(name: $0.name, value: $0.value) }
        let query = URLComponents(string: url)?.queryItems?.map { HARPair(name: $0.name, value: $0.value ?? "") } ?? []
        let contentType = requestHeaders.first { $0.name.lowercased() == "content-type" }?.value ?? ""
        let postData = record?.bodyText.map { HARPostData(mimeType: contentType, text: $0) }
        let requestBytes = record?.bodyBytes.map { Int(clamping: $0) } ?? (postData == nil ? 0 : -1)
        let harRequest = HARRequest(
            method: method, url: url, headers: requestHeaders, queryString: query, postData: postData,
            bodySize: requestBytes
        )
        let marks = entry.secretMarks ?? SecretMarks()
        var body = marks.masking(body: try entry.bodyData())
        var mimeType = entry.headers[.contentType] ?? ""
        // A stored conversation leaves as Chrome records one: status 101 and its messages.
        var conversation: [HARWebSocketMessage]?
        if mimeType == WebSocketTranscript.contentType, let transcript = try? WebSocketTranscript.decode(body) {
            conversation = HARWebSocket.messages(of: transcript, redact: { redactor.redact($0) })
            body = Data()
            mimeType = ""
        }
        let content: HARContent
        if body.isEmpty {
            content = HARContent(size: 0, mimeType: mimeType, text: "")
        } else if let text = String(validating: body, as: UTF8.self) {
            // Valid UTF-8 (control bytes included) travels as text losslessly; anything else as base64.
            content = HARContent(size: body.count, mimeType: mimeType, text: redactor.redact(text))
        } else {
            let text = body.base64EncodedString()
            content = HARContent(size: body.count, mimeType: mimeType, text: text, encoding: "base64")
        }
        let reason =
            (0...999).contains(entry.status) ? HTTPResponse.Status(standardCode: entry.status).reasonPhrase : ""
        let response = HARResponse(
            status: entry.status, statusText: reason,
            headers: redactor.redact(marks.masking(entry.headers)).compactMap {
                conversation != nil && $0.name == .contentType ? nil : HARPair(name: $0.name.rawName, value: $0.value)
            },
            content: content, redirectURL: redactor.redact(marks.masking(entry.headers)[.location] ?? "")
        )
        let digested = entry.key.hasPrefix("\(entry.request?.method ?? entry.method) \(entry.url) #")
        var storageKey: String?
        if !digested {
            let suffix = record?.partition.map { " @\($0)" } ?? ""
            let scoped = !suffix.isEmpty && entry.key.hasSuffix(suffix)
            storageKey = redactor.redact(scoped ? String(entry.key.dropLast(suffix.count)) : entry.key)
        }
        let key = digested ? redactor.redact(urlText: entry.key) : redactor.redact(entry.key)
        self.init(
            startedDateTime: HARCodec.string(from: entry.storedAt), request: harRequest, response: response,
            tern: HARTernFields(
                spec: record?.name, environment: record?.partition, key: key, storageKey: storageKey
            )
        )
        if let conversation {
            resourceType = "websocket"
            webSocketMessages = conversation
        }
    }
}
