import Foundation
package import Tern
package import TernExplorerStorage

extension HAREntry {
    /// A send of the history as an entry: its recorded request, its status, no body; `redactor` masks
    /// once more what the history holds (redacted when it was written).
    package init(send: HistoryEntry, redactor: Redactor = .none) {
        let record = send.request?.redacted(by: redactor)
        let url = record?.url ?? redactor.redact(urlText: send.url)
        let headers = (record?.headers ?? []).map { HARPair(name: $0.name, value: $0.value) }
        let query = URLComponents(string: url)?.queryItems?.map { HARPair(name: $0.name, value: $0.value ?? "") } ?? []
        let contentType = headers.first { $0.name.lowercased() == "content-type" }?.value ?? ""
        let postData = record?.bodyText.map { HARPostData(mimeType: contentType, text: $0) }
        let bodySize = record?.bodyBytes.map { Int(clamping: $0) } ?? (postData == nil ? 0 : -1)
        let request = HARRequest(
            method: record?.method ?? send.method, url: url, headers: headers, queryString: query,
            postData: postData, bodySize: bodySize)
        var response = HARResponse(
            status: send.status ?? 0, statusText: "", headers: [], content: HARContent(size: 0, mimeType: ""),
            redirectURL: "")
        response.error = send.error.map { redactor.redact($0) }
        let milliseconds = max(0, send.duration.isFinite ? send.duration * 1_000 : 0)
        self.init(
            startedDateTime: HARCodec.string(from: send.date), time: milliseconds, request: request,
            response: response, timings: HARTimings(send: 0, wait: milliseconds, receive: 0),
            tern: HARTernFields(
                spec: send.spec, environment: record?.partition, key: send.cacheKey.map(redactor.redact(urlText:))))
    }
}
