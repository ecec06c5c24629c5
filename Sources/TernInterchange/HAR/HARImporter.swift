import Foundation
import Tern
import TernWorkspace

/// Reads a HAR 1.2 recording (Chrome, Firefox, Safari, Charles, Fiddler, old Firebug files) into
/// specs: one per entry kept, in `startedDateTime` order, the full URL as the path (no target),
/// in a folder per host when the recording spans several hosts. Static assets, WebSocket and
/// non-http(s) URLs, CORS preflights and exact duplicates are skipped with the reason;
/// credentials move to `{{env:NAME}}`; each entry's response is kept as `recorded`.
package enum HARImporter {
    /// Reads `source`; a document that is not HAR is an error with a JSON pointer or `file:line:column`.
    package static func read(_ source: ImportSource) throws(ImportError) -> ImportedCollection {
        guard source.data.count <= HARCodec.maximumSourceBytes else {
            throw ImportError(
                "\(source.name) is \(source.data.count) bytes; sources over \(HARCodec.maximumSourceBytes) bytes "
                    + "are refused", at: source.name)
        }
        let document = try HARCodec.decode(source.data, name: source.name)
        var reader = Reader()
        for error in document.log.unreadable {
            let entry = error.location.flatMap(entryPointer) ?? "an entry"
            reader.skipped.append(SkippedItem(item: entry, reason: error.description))
        }
        for index in ordered(document.log.entries) {
            reader.add(document.log.entries[index], number: index)
        }
        return reader.collection(source: source)
    }

    /// `#/log/entries/3` from a pointer inside that entry.
    static func entryPointer(_ pointer: String) -> String? {
        let parts = pointer.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[1] == "log", parts[2] == "entries" else { return nil }
        return parts.prefix(4).joined(separator: "/")
    }

    /// Entry indices oldest first; file order (stable) when any date cannot be read.
    static func ordered(_ entries: [HAREntry]) -> [Int] {
        var dated: [(Date, Int)] = []
        dated.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            guard let date = HARCodec.date(from: entry.startedDateTime) else { return Array(entries.indices) }
            dated.append((date, index))
        }
        return dated.sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }.map(\.1)
    }

    /// The state of one read: specs so far, the duplicates seen and the credentials moved.
    private struct Reader {
        var specs: [(spec: ImportedSpec, host: String)] = []
        var skipped: [SkippedItem] = []
        var warnings: [String] = []
        var credentials = HARCredentials()
        var seen: [String: Int] = [:]

        mutating func add(_ entry: HAREntry, number: Int) {
            let request = entry.request
            let item = HARImporter.itemName(request)
            if let reason = HARImporter.skipReason(entry) {
                skipped.append(SkippedItem(item: item, reason: reason))
                return
            }
            let most = max(request.headers.count, entry.response.headers.count)
            guard most <= ImportLimits.maximumHeaders else {
                let which = request.headers.count >= entry.response.headers.count ? "request" : "response"
                let reason =
                    "the entry #/log/entries/\(number) has a \(which) of "
                    + ImportLimits.tooManyHeaders(most)
                skipped.append(SkippedItem(item: item, reason: reason))
                return
            }
            guard let url = HARImporter.split(request.url) else {
                skipped.append(SkippedItem(item: item, reason: "its URL is not an absolute http(s) URL"))
                return
            }
            let identity = HARImporter.identity(of: request)
            if let first = seen[identity] {
                let reason = "an exact duplicate of #/log/entries/\(first) (same method, URL, headers and body)"
                skipped.append(SkippedItem(item: item, reason: reason))
                return
            }
            seen[identity] = number
            var entryWarnings: [String] = []
            let mapped = HARImporter.body(
                of: request.postData, item: item, credentials: &credentials, warnings: &entryWarnings)
            var headers = HARImporter.headers(
                of: request, dropsContentType: mapped.framesItself, item: item, credentials: &credentials)
            if let type = mapped.contentType, !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                headers.append(("Content-Type", type))
            }
            let query = HARImporter.query(of: url, item: item, credentials: &credentials)
            var spec = SpecDefinition(
                name: "\(request.method) \(HARImporter.displayPath(url))", method: request.method, path: url.path,
                query: query, headers: headers, body: mapped.body)
            var recorded = HARImporter.recorded(
                entry.response, date: entry.startedDateTime, item: item, warnings: &entryWarnings)
            if HARWebSocket.isWebSocket(entry) {
                (spec, recorded) = HARImporter.conversation(spec, entry: entry, url: url)
            }
            let fileName = Slug.file("\(request.method) \(url.lastSegment.isEmpty ? url.host : url.lastSegment)")
            if HARImporter.holdsTemplateBraces(spec) {
                entryWarnings.append(
                    "\(item) holds '{{' in its recorded values, which Tern reads as a template variable; check it")
            }
            warnings += entryWarnings
            specs.append((ImportedSpec(fileName: fileName, spec: spec, recorded: recorded), url.host))
        }

        func collection(source: ImportSource) -> ImportedCollection {
            var counts: [String: Int] = [:]
            for entry in specs { counts[entry.host, default: 0] += 1 }
            let title = specs.map(\.host).max { (counts[$0] ?? 0) < (counts[$1] ?? 0) } ?? "recording"
            let byHost = counts.count > 1
            let imported = specs.map { entry in
                var spec = entry.spec
                if byHost { spec.folders = [entry.host] }
                return spec
            }
            return ImportedCollection(
                format: .har, title: title, specs: imported, skipped: skipped,
                warnings: warnings, secrets: credentials.secrets)
        }
    }

    /// The credentials `request` holds in clear, as an import moves them to `{{env:NAME}}`: the values of
    /// credential headers (the token after an auth scheme), session cookies, and query, form, multipart
    /// and JSON fields with credential names. `cache import` marks them secret, so they are redacted
    /// wherever the request is recorded, as they would be once imported and set in the environment.
    package static func credentialValues(of request: HARRequest) -> [String] {
        var credentials = HARCredentials()
        var warnings: [String] = []
        let item = itemName(request)
        let mapped = body(of: request.postData, item: item, credentials: &credentials, warnings: &warnings)
        _ = headers(of: request, dropsContentType: mapped.framesItself, item: item, credentials: &credentials)
        if let url = split(request.url) { _ = query(of: url, item: item, credentials: &credentials) }
        return credentials.values
    }

    /// A URL's query as a spec's rows, credentials moved to `{{env:…}}`.
    static func query(
        of url: SplitURL, item: String, credentials: inout HARCredentials
    ) -> [(name: String, value: JSONValue)] {
        url.query.map { pair -> (name: String, value: JSONValue) in
            guard HARCredentials.isSecretField(pair.name), !pair.value.isEmpty else {
                return (pair.name, .string(pair.value))
            }
            return (pair.name, .string(credentials.placeholder(for: pair.value, hint: pair.name, item: item)))
        }
    }

    /// `METHOD URL` as the recording shows it (long URLs cut at 200 characters).
    static func itemName(_ request: HARRequest) -> String {
        let url = request.url.count > 200 ? String(request.url.prefix(200)) + "…" : request.url
        return "\(request.method) \(url)"
    }

    /// `/path` of a split URL, for the spec's name.
    private static func displayPath(_ url: SplitURL) -> String {
        guard let range = url.path.range(of: url.host) else { return url.path }
        let path = String(url.path[range.upperBound...])
        return path.isEmpty ? "/" : path
    }

    /// Whether a recorded value (not a placeholder this import made) contains `{{`.
    private static func holdsTemplateBraces(_ spec: SpecDefinition) -> Bool {
        let recorded = { (text: String) in
            text.replacingOccurrences(of: "{{secret:", with: "").replacingOccurrences(of: "{{env:", with: "")
                .contains("{{")
        }
        if recorded(spec.path) || spec.headers.contains(where: { recorded($0.value) }) { return true }
        if spec.query.contains(where: { $0.value.scalarText.map(recorded) ?? false }) { return true }
        switch spec.body {
        case .text(let text): return recorded(text)
        case .form(let pairs): return pairs.contains { recorded($0.value) }
        default: return false
        }
    }

    /// What makes two entries exact duplicates: method, URL, headers in order and body.
    private static func identity(of request: HARRequest) -> String {
        var text = request.method + "\u{0}" + request.url + "\u{0}"
        for header in request.headers { text += header.name.lowercased() + ":" + header.value + "\u{0}" }
        if let postData = request.postData {
            text += postData.mimeType + "\u{0}" + postData.text
            for param in postData.params ?? [] {
                text += "\u{0}\(param.name)=\(param.value ?? "")\u{1}\(param.fileName ?? "")"
            }
        }
        return text
    }
}

extension HARImporter {
    /// A recorded WebSocket entry as a WebSocket spec: the messages the page sent are the spec's, it reads
    /// as many as the server sent, and the conversation is the recorded answer (replayed offline).
    static func conversation(_ spec: SpecDefinition, entry: HAREntry, url: SplitURL) -> (
        SpecDefinition, RecordedResponse?
    ) {
        var spec = spec
        var path = url.path
        for (plain, socket) in [("http://", "ws://"), ("https://", "wss://")] where path.hasPrefix(plain) {
            path = socket + path.dropFirst(plain.count)
        }
        spec.path = path
        spec.name = "WS \(HARImporter.displayPath(url))"
        spec.method = "GET"
        spec.body = nil
        spec.headers.removeAll { HARWebSocket.handshakeHeaders.contains($0.name.lowercased()) }
        var definition = WebSocketDefinition()
        let transcript = HARWebSocket.transcript(
            of: entry, url: path, opened: HARCodec.date(from: entry.startedDateTime))
        if let transcript {
            definition.messages = transcript.sent.map { message -> WebSocketDefinition.Message in
                switch message {
                case .text(let text): .text(text)
                case .binary(let data): .binary(data.base64EncodedString())
                }
            }
            let received = transcript.received.count
            if received > 0 { definition.until = WebSocketDefinition.Until(received: received) }
        }
        spec.websocket = definition
        let recorded = transcript.map {
            RecordedResponse(
                status: 101, headers: [HTTPFieldPair(name: "Content-Type", value: WebSocketTranscript.contentType)],
                body: $0.encoded(), date: $0.openedAt)
        }
        return (spec, recorded)
    }
}
