import Foundation
import Tern
import TernWorkspace

extension HARImporter {
    /// A recorded body as a spec's: the definition, whether Tern frames it itself (multipart: the
    /// recorded `Content-Type` and its boundary must go), and a `Content-Type` to add when the
    /// request's headers name none.
    struct MappedBody {
        var body: BodyDefinition?
        var framesItself = false
        var contentType: String?
    }

    /// `postData` as a body: JSON text → `json:` when the type is JSON and it parses; url-encoded
    /// `params` (or text) → `form:`; multipart `params` (or text with its boundary) → `multipart:`
    /// with each file as a placeholder path and a warning; any other text → `text:` keeping its type.
    /// Credentials in fields and JSON keys move to `{{env:…}}`.
    static func body(
        of postData: HARPostData?, item: String, credentials: inout HARCredentials, warnings: inout [String]
    ) -> MappedBody {
        guard let postData else { return MappedBody() }
        let type = postData.mimeType.lowercased()
        var params = postData.params ?? []
        if type.hasPrefix("multipart/"), params.isEmpty, !postData.text.isEmpty {
            params = multipartParams(text: postData.text, mimeType: postData.mimeType) ?? []
        }
        if type.hasPrefix("multipart/"), !params.isEmpty {
            var parts: [MultipartPartDefinition] = []
            for param in params {
                if let fileName = param.fileName {
                    let ext = fileExtension(of: fileName)
                    let path = "files/" + Slug.file(String(fileName.dropLast(ext.count)), fallback: "upload") + ext
                    warnings.append(
                        "put the file for part '\(param.name)' of \(item) at \(path): the recording does not hold "
                            + "'\(fileName)'")
                    parts.append(MultipartPartDefinition(name: param.name, file: path, contentType: param.contentType))
                } else {
                    let value = field(param.name, param.value ?? "", item: item, credentials: &credentials)
                    parts.append(
                        MultipartPartDefinition(name: param.name, value: value, contentType: param.contentType))
                }
            }
            return MappedBody(body: .multipart(parts), framesItself: true)
        }
        if type.hasPrefix("application/x-www-form-urlencoded") {
            let pairs: [(name: String, value: String)] =
                params.isEmpty ? formPairs(postData.text) : params.map { ($0.name, $0.value ?? "") }
            if !pairs.isEmpty || postData.text.isEmpty {
                let form: [(name: String, value: String)] = pairs.map {
                    (name: $0.name, value: field($0.name, $0.value, item: item, credentials: &credentials))
                }
                return MappedBody(body: .form(form), contentType: postData.mimeType)
            }
        }
        let text = postData.text
        if text.isEmpty, params.isEmpty { return MappedBody() }
        if type.contains("json"), let value = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) {
            let redacted = redactJSON(value, item: item, credentials: &credentials, depth: 0)
            return MappedBody(body: .json(redacted), contentType: postData.mimeType)
        }
        if text.isEmpty, !params.isEmpty {
            let form: [(name: String, value: String)] = params.map {
                (name: $0.name, value: field($0.name, $0.value ?? "", item: item, credentials: &credentials))
            }
            return MappedBody(body: .form(form), contentType: postData.mimeType)
        }
        return MappedBody(body: .text(text), contentType: postData.mimeType.isEmpty ? nil : postData.mimeType)
    }

    /// `a=1&b=2` as decoded pairs.
    private static func formPairs(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (part: Substring) in
                part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part)
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// A form field's value, a placeholder when the field's name says it is a credential.
    private static func field(
        _ name: String, _ value: String, item: String, credentials: inout HARCredentials
    ) -> String {
        guard HARCredentials.isSecretField(name), !value.isEmpty else { return value }
        return credentials.placeholder(for: value, hint: name, item: item)
    }

    /// `value` with the strings under credential keys (`password`, `token`) as placeholders; nesting
    /// beyond 64 levels is kept as it is (the decoder bounds depth already).
    private static func redactJSON(
        _ value: JSONValue, item: String, credentials: inout HARCredentials, depth: Int
    ) -> JSONValue {
        guard depth < 64 else { return value }
        switch value {
        case .object(let members):
            var out: [String: JSONValue] = [:]
            for (key, member) in members {
                if case .string(let text) = member, HARCredentials.isSecretField(key), !text.isEmpty {
                    out[key] = .string(credentials.placeholder(for: text, hint: key, item: item))
                } else {
                    out[key] = redactJSON(member, item: item, credentials: &credentials, depth: depth + 1)
                }
            }
            return .object(out)
        case .array(let elements):
            return .array(elements.map { redactJSON($0, item: item, credentials: &credentials, depth: depth + 1) })
        default:
            return value
        }
    }

    /// `.png` for `photo.png` (lower-case letters and digits only), else "".
    private static func fileExtension(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        let ext = name[name.index(after: dot)...].lowercased()
        guard !ext.isEmpty, ext.count <= 10, ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return ""
        }
        return "." + ext
    }
}
