import Foundation
import Tern
import TernWorkspace

/// The parts of a `.http` file beside its requests: multipart bodies written out, and the
/// environment files next to it.
extension HTTPFileImporter {
    /// The parts of a `multipart/form-data` body written out with its boundary: each part's name,
    /// filename and type from its headers, its content a value or `< ./file`; `nil` when the body is not
    /// one (no multipart type, no boundary, a part without a name).
    static func multipart(
        _ body: [Substring], headers: [RequestDraft.Row], item: String, context: ImportContext
    ) -> [MultipartPartDefinition]? {
        guard let type = headers.first(where: { $0.name.lowercased() == "content-type" })?.value,
            type.lowercased().hasPrefix("multipart/form-data"),
            let range = type.range(of: "boundary=")
        else { return nil }
        let boundary = type[range.upperBound...].prefix { $0 != ";" }.trimmingCharacters(
            in: CharacterSet(charactersIn: "\" "))
        guard !boundary.isEmpty else { return nil }
        var parts: [MultipartPartDefinition] = []
        var current: [Substring]?
        func finish() -> Bool {
            guard let lines = current else { return true }
            current = nil
            guard let blank = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
                return false
            }
            var name: String?
            var filename: String?
            var contentType: String?
            for header in lines[..<blank] {
                let lower = header.lowercased()
                if lower.hasPrefix("content-disposition:") {
                    name = parameter("name", in: header)
                    filename = parameter("filename", in: header)
                } else if lower.hasPrefix("content-type:") {
                    contentType = header.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
                }
            }
            guard let name else { return false }
            var content = Array(lines[lines.index(after: blank)...])
            while let last = content.last, last.trimmingCharacters(in: .whitespaces).isEmpty { content.removeLast() }
            let single = content.count == 1 ? content[0].trimmingCharacters(in: .whitespaces) : ""
            if single.hasPrefix("< ") || single.hasPrefix("<@ ") {
                let path = single.drop { $0 != " " }.trimmingCharacters(in: .whitespaces)
                var part = MultipartPartDefinition(name: name, file: context.fileReference(path, item: item))
                part.contentType = contentType
                if let filename, filename != (path as NSString).lastPathComponent { part.filename = filename }
                parts.append(part)
            } else {
                var part = MultipartPartDefinition(name: name, value: content.joined(separator: "\n"))
                part.contentType = contentType
                parts.append(part)
            }
            return true
        }
        for line in body {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "--" + boundary + "--" {
                guard finish() else { return nil }
                break
            }
            if trimmed == "--" + boundary {
                guard finish() else { return nil }
                current = []
                continue
            }
            current?.append(line)
        }
        guard finish(), !parts.isEmpty else { return nil }
        return parts
    }

    /// `name="value"` (or unquoted) in a header line.
    private static func parameter(_ name: String, in header: Substring) -> String? {
        for piece in header.split(separator: ";") {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            return pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    // MARK: - Environments

    /// `http-client.env.json` beside the file: one environment per name (`$shared` under each);
    /// `http-client.private.env.json`: secrets, kept in the store.
    static func environments(
        beside source: ImportSource, context: ImportContext
    ) throws(ImportError) -> (list: [ImportedEnvironment], secrets: [String]) {
        // A file that is there but broken is an error naming its line, never a silent empty environment.
        func read(_ name: String) throws(ImportError) -> [String: [String: String]]? {
            let file = source.baseDirectory.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: file.path) else { return nil }
            let data: Data
            do {
                data = try RegularFile.contents(of: file, limit: 4 * 1024 * 1024)
            } catch {
                throw ImportError("\(name) cannot be read: \(error)", at: name)
            }
            guard let parsed = try? JSONSerialization.jsonObject(with: data) else {
                throw HARCodec.syntaxError(data, name: name)
            }
            guard let object = parsed as? [String: Any] else {
                throw ImportError(
                    "\(name) must be an object of environments, {\"dev\": {\"host\": \"…\"}}", at: name)
            }
            var out: [String: [String: String]] = [:]
            for (environment, values) in object {
                guard let values = values as? [String: Any] else {
                    context.warn("\(name): environment '\(environment)' is not an object of variables; skipped")
                    continue
                }
                out[environment] = values.compactMapValues { value in
                    switch value {
                    case let text as String: text
                    case let number as NSNumber: number.stringValue
                    default: nil
                    }
                }
                for key in values.keys.sorted() where out[environment]?[key] == nil {
                    context.warn("\(name): '\(environment).\(key)' is not a string or a number; skipped")
                }
            }
            return out
        }
        let shared = try read("http-client.env.json") ?? [:]
        let privateValues = try read("http-client.private.env.json") ?? [:]
        var list: [ImportedEnvironment] = []
        for name in shared.keys.sorted() where name != "$shared" {
            let values = (shared["$shared"] ?? [:]).merging(shared[name] ?? [:]) { $1 }
            list.append(
                ImportedEnvironment(
                    name: Slug.file(name, fallback: "env"),
                    variables: values.keys.sorted().map { HTTPFieldPair(name: $0, value: values[$0] ?? "") }))
        }
        var secrets: [String] = []
        for name in privateValues.keys.sorted() {
            for (key, value) in (privateValues[name] ?? [:]).sorted(by: { $0.key < $1.key })
            where SecretStore.isValidName(key) {
                if !secrets.contains(key) {
                    secrets.append(key)
                    context.declareSecret(key, value: value, item: "http-client.private.env.json (\(name))")
                }
            }
        }
        return (list, secrets)
    }

    /// The directive a comment line names (`# @ref login` → `@ref`), `nil` for another line or `# @name`.
    static func directive(_ trimmed: String) -> Substring? {
        guard trimmed.hasPrefix("#") || trimmed.hasPrefix("//") else { return nil }
        let comment = trimmed.drop { $0 == "#" || $0 == "/" }.drop { $0 == " " }
        guard comment.hasPrefix("@"), comment.dropFirst().first?.isLetter == true, !comment.hasPrefix("@name") else {
            return nil
        }
        return comment.prefix { !$0.isWhitespace }
    }

    // MARK: - Blocks

    /// One request's block: its name (the text after `###`), its lines, and whether a `###` line began it.
    struct Block {
        var name: String?
        var lines: [Substring]
        var lineCount: Int
        var separated = false
    }

    /// The blocks of `text`: split at `###` lines, and (as httpyac reads them) at a request line with a
    /// standard method after a blank line, once the block has its request.
    static func blocks(of text: String) -> [Block] {
        var blocks: [Block] = []
        var current = Block(name: nil, lines: [], lineCount: 0)
        var hasRequest = false
        var afterBlank = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("###") {
                blocks.append(current)
                let name = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                current = Block(name: name.isEmpty ? nil : name, lines: [], lineCount: 1, separated: true)
                hasRequest = false
                continue
            }
            let word = line.prefix { $0 != " " }
            let isRequestLine =
                methods.contains(String(word)) && word.count < line.count
                && line.dropFirst(word.count + 1).first.map { $0 == "/" || $0 == "{" || $0 == "h" } == true
            if isRequestLine, hasRequest, afterBlank {
                // The comments and `# @name` lines right above the request line are the new request's.
                // (Taken from the end, then turned around: inserting each at the front was quadratic.)
                var moved: [Substring] = []
                while let last = current.lines.last, last.hasPrefix("#") || last.hasPrefix("//") {
                    moved.append(current.lines.removeLast())
                }
                moved.reverse()
                current.lineCount -= moved.count
                blocks.append(current)
                current = Block(name: nil, lines: moved, lineCount: moved.count)
            }
            if isRequestLine { hasRequest = true }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !(trimmed.hasPrefix("#") || trimmed.hasPrefix("//")) { afterBlank = trimmed.isEmpty }
            current.lines.append(line)
            current.lineCount += 1
        }
        blocks.append(current)
        return blocks
    }

    // MARK: - References

    /// `{{$processEnv NAME}}` as `{{env:NAME}}`, a private environment's `{{name}}` as `{{secret:name}}`;
    /// other dynamic variables (`{{$uuid}}`...) are reported.
    static func rewriteReferences(_ text: String, secrets: Set<String>, context: ImportContext) -> String {
        Templates.rewrite(text) { name in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            for prefix in ["$processEnv ", "$env "] where trimmed.hasPrefix(prefix) {
                return "{{env:\(trimmed.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces))}}"
            }
            if secrets.contains(trimmed) { return "{{secret:\(trimmed)}}" }
            if trimmed.hasPrefix("$") {
                let call = String(trimmed.dropFirst())
                if call.hasPrefix("dotenv ") {
                    context.warn("{{$dotenv}} reads a .env file; Tern reads the process environment instead")
                    return "{{env:\(call.dropFirst(7).trimmingCharacters(in: .whitespaces))}}"
                }
                if !TemplateFunctions.knows(call) {
                    let function = trimmed.prefix { !$0.isWhitespace }
                    context.warn("the dynamic variable {{\(function)}} is not one Tern makes: set it as a variable")
                }
                return trimmed == name ? nil : "{{\(trimmed)}}"
            }
            // `{{ HOST }}` as `{{HOST}}`: the same reference, and a URL whose base Tern can tell.
            return trimmed == name ? nil : "{{\(trimmed)}}"
        }
    }
}
