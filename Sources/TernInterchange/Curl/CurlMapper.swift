import Foundation
import Tern
import TernWorkspace

/// Turns read curl invocations into specs, collecting warnings, files to copy and secret names.
struct CurlMapper {
    let source: ImportSource
    var warnings: [String] = []
    var specs: [ImportedSpec] = []
    var skipped: [SkippedItem] = []
    /// The local files the commands name, and those to copy in.
    var localFiles: LocalFiles
    var title: String?
    /// Secret values already given a name, and the names in use.
    var secretNames: [String: String] = [:]
    var usedSecretNames = UniqueNames()
    /// The secrets named, with their values, in order.
    var secrets: [ImportedSecret] = []

    init(source: ImportSource) {
        self.source = source
        localFiles = LocalFiles(source: source, folder: "files")
    }

    /// The collection of everything added.
    func collection() -> ImportedCollection {
        ImportedCollection(
            format: .curl, title: title ?? "curl", specs: specs, files: localFiles.files, skipped: skipped,
            warnings: warnings, localFiles: localFiles.uses, secrets: secrets)
    }

    /// Maps one request read from the command at `line`.
    mutating func add(_ invocation: CurlInvocation, line: Int, environmentNames: [String]) throws(ImportError) {
        guard var url = invocation.urls.first else {
            skipped.append(SkippedItem(item: "curl command at line \(line)", reason: "it names no URL"))
            return
        }
        var parts = CurlURL(url)
        if let upload = invocation.upload, parts.path.isEmpty || parts.path.hasSuffix("/"), upload != "-",
            upload != "."
        {
            let name = upload.split(separator: "/").last.map(String.init) ?? upload
            parts.path += (parts.path.isEmpty ? "/" : "") + name
        }
        let method = Self.method(for: invocation)
        guard HTTPMethodToken.isValid(method) else {
            throw ImportError("-X '\(method)' \(HTTPMethodToken.problem)", at: "\(source.name):\(line)")
        }
        let item = "\(method) \(parts.scheme)://\(parts.host)\(parts.path) (line \(line))"
        if title == nil { title = parts.host.isEmpty ? nil : parts.host }
        for extra in invocation.urls.dropFirst() {
            warnings.append("\(item): the further URL '\(extra.prefix(200))' is not imported (one spec per command)")
        }
        var headers: [(name: String, value: String)] = []
        var disabled = DisabledItems()
        for name in invocation.removedHeaders { disabled.headers.append(name) }
        // A -H Authorization replaces what curl's own -u / --oauth2-bearer would send.
        var given = invocation.headers
        let customAuthorization = given.contains { $0.name.lowercased() == "authorization" }
        var sessionToken: String?
        if invocation.awsSigV4 != nil, !customAuthorization,
            let index = given.firstIndex(where: { $0.name.lowercased() == "x-amz-security-token" })
        {
            sessionToken = given.remove(at: index).value
        }
        let auth =
            customAuthorization
            ? nil
            : self.auth(
                for: invocation, userInfo: parts.userInfo, host: parts.host, sessionToken: sessionToken, item: item)
        if let agent = invocation.userAgent { headers.append((name: "User-Agent", value: agent)) }
        if let referer = invocation.referer { headers.append((name: "Referer", value: referer)) }
        if let range = invocation.range, !headers.contains(where: { $0.name.lowercased() == "range" }) {
            headers.append((name: "Range", value: "bytes=" + range))
        }
        if !invocation.cookies.isEmpty {
            headers.append((name: "Cookie", value: invocation.cookies.joined(separator: ";")))
        }
        for file in invocation.cookieFiles {
            warnings.append("\(item): -b \(file): cookies from a cookie file are not carried over")
            localFiles.mention(file, item: item)
        }
        // curl's own headers (-A, -e, -b joined with ";") give way to a -H of the same name;
        // repeated -H lines of one name are sent by curl as several lines, which the spec joins (cookies with "; ").
        let generated = headers.count
        var replaced: Set<String> = []
        var custom: [(name: String, value: String)] = []
        for file in invocation.headerFiles { custom += headerLines(fromFile: file, item: item) }
        // One lookup per header by its lower-cased name, so the merge is linear in the headers.
        var indexByName: [String: Int] = [:]
        for (index, header) in headers.enumerated() where indexByName[header.name.lowercased()] == nil {
            indexByName[header.name.lowercased()] = index
        }
        for header in custom + given {
            let lower = header.name.lowercased()
            if let index = indexByName[lower] {
                if index < generated, !replaced.contains(lower) {
                    headers[index] = header
                    replaced.insert(lower)
                } else {
                    headers[index].value += (lower == "cookie" ? "; " : ", ") + header.value
                }
            } else {
                indexByName[lower] = headers.count
                headers.append(header)
            }
        }
        // Lines of one name are one spec header; distinct names past the limit are refused.
        guard headers.count <= ImportLimits.maximumHeaders else {
            throw ImportError(
                "the curl command sets " + ImportLimits.tooManyHeaders(headers.count), at: "\(source.name):\(line)")
        }
        var body: BodyDefinition?
        if !invocation.form.isEmpty {
            body = .multipart(invocation.form.map { formPart($0, item: item) })
            if !invocation.data.isEmpty {
                warnings.append("\(item): -d and -F together make curl fail; the -d data is not imported")
                for part in invocation.data {
                    switch part.piece {
                    case .file(let path, _), .encodedFile(_, let path): localFiles.mention(path, item: item)
                    case .literal: break
                    }
                }
            }
        } else if !invocation.data.isEmpty {
            let data = joinedData(invocation.data, inQuery: invocation.dataInQuery, item: item)
            if invocation.dataInQuery {
                parts.query = parts.query.map { $0 + "&" + data.text } ?? data.text
            } else {
                body = requestBody(
                    data, headers: &headers, isJSON: invocation.data.contains(where: \.isJSON), item: item)
            }
        } else if let upload = invocation.upload {
            if upload == "-" || upload == "." {
                warnings.append("\(item): -T \(upload) reads standard input; no body is imported")
            } else {
                body = .file(fileReference(upload, item: item))
                if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                    disabled.headers.append("Content-Type")
                }
            }
        }
        if invocation.dataInQuery, !invocation.form.isEmpty {
            warnings.append("\(item): -G with -F makes curl fail")
        }
        headers = headers.map { (name: $0.name, value: secretHeader($0.name, $0.value, item: item)) }
        // `-d password=…`, `--json '{"token": …}'`: credential fields go to the store as headers' do.
        if case .text(let text) = body {
            let type = headers.last { $0.name.lowercased() == "content-type" }?.value
            body = .text(CredentialText.body(text, contentType: type) { secret($0, suggested: $1, item: item) })
        }
        // A query Tern sends back byte for byte becomes `query:` rows; one it would encode otherwise
        // (`%XX`, `+`, a repeated name, a bare word) stays in the URL as written.
        var queryRows: [(name: String, value: JSONValue)] = []
        if let query = parts.query, let rows = Self.queryRows(query) {
            queryRows = rows.map { row in
                let value =
                    Self.isCredential(row.name) && !row.value.isEmpty
                    ? secret(row.value, suggested: row.name, item: item) : row.value
                return (row.name, .string(value))
            }
            parts.query = nil
        } else {
            parts.query = parts.query.map { secretQuery($0, item: item) }
        }
        url = parts.text
        for option in invocation.notCarried { warnings.append("\(item): \(option)") }
        for option in invocation.unknown { warnings.append("\(item): unknown curl option \(option) is ignored") }
        for name in environmentNames { warnings.append("set \(name) in the environment for \(item)") }
        var texts = [url] + headers.map(\.value) + (auth?.values.map(\.value) ?? [])
        if case .text(let text) = body { texts.append(text) }
        if texts.contains(where: Self.hasForeignTemplate) {
            warnings.append("\(item): the command holds {{…}}, which Tern reads as a variable when it sends")
        }
        var spec = SpecDefinition(
            name: "\(method) \(parts.path.isEmpty ? "/" : parts.path)", method: method, path: url, headers: headers,
            body: body)
        spec.query = queryRows
        spec.disabled = disabled
        spec.auth = auth
        let segment = parts.path.split(separator: "/").last.map(String.init) ?? parts.host
        specs.append(ImportedSpec(fileName: Slug.file("\(method) \(segment)"), spec: spec))
    }

    /// `name=value` pairs of `query` when every name and value is made of RFC 3986 unreserved
    /// characters (what Tern's query rows send unchanged) and no name repeats; else `nil`.
    static func queryRows(_ query: String) -> [(name: String, value: String)]? {
        guard !query.isEmpty else { return nil }
        let unreserved: (Substring) -> Bool = { text in
            text.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-._~".unicodeScalars.contains($0))
            }
        }
        var rows: [(name: String, value: String)] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            let name = pair[..<equals]
            let value = pair[pair.index(after: equals)...]
            guard !name.isEmpty, unreserved(name), unreserved(value), !rows.contains(where: { $0.name == name }) else {
                return nil
            }
            rows.append((String(name), String(value)))
        }
        return rows
    }

    /// Whether `text` holds a `{{…}}` other than the `{{env:NAME}}` and `{{secret:NAME}}` the importer writes.
    static func hasForeignTemplate(_ text: String) -> Bool {
        guard text.contains("{{") else { return false }
        var rest = Substring(text)
        while let open = rest.firstASCIIRange(of: "{{") {
            let inner = rest[open.upperBound...]
            guard inner.hasPrefix("env:") || inner.hasPrefix("secret:") else { return true }
            rest = rest[open.upperBound...]
        }
        return false
    }

    /// curl's method: `-X` as written, else `-I` HEAD, `-G` GET, `-T` PUT, data or form POST, else GET.
    static func method(for invocation: CurlInvocation) -> String {
        if let method = invocation.method { return method }
        if invocation.headOnly { return "HEAD" }
        if invocation.dataInQuery { return "GET" }
        if invocation.upload != nil { return "PUT" }
        if !invocation.data.isEmpty || !invocation.form.isEmpty { return "POST" }
        return "GET"
    }

    /// `-H @file`: one header per line.
    private mutating func headerLines(fromFile path: String, item: String) -> [(name: String, value: String)] {
        guard let data = contents(path, item: item, what: "its headers") else { return [] }
        guard let text = String(data: data, encoding: .utf8) else {
            warnings.append("\(item): the header file '\(path)' is not UTF-8 text; its headers are left out")
            return []
        }
        var result: [(name: String, value: String)] = []
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let (name, value) = CurlArguments.splitOnce(String(line), at: ":")
            guard let value, !name.isEmpty else { continue }
            result.append(
                (name: name.trimmingCharacters(in: .whitespaces), value: value.trimmingCharacters(in: .whitespaces)))
        }
        return result
    }
}
