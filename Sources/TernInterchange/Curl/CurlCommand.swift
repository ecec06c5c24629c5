import Foundation
import HTTPTypes
package import Tern

/// Writes a request as one bash command that makes curl send the same request.
///
/// Method as written (`-X wHat`; `-I` for HEAD, nothing for a bodiless GET), every header (all
/// `Cookie` fields as one line), the body as `--data-raw 'text'`, `--data-binary @file` or `-F`
/// parts, and `-H 'Content-Type:'` when the request has a body without one (curl would add its
/// own). The request's `authentication` becomes `-u`, `--digest -u` or `--aws-sigv4 … --user`, or the
/// header or query item it stands for; `tls:` and `proxy:` become `-k`, `--cacert`, `--cert`/`--key`/`--pass`
/// and `--proxy`/`--proxy-user` (`Connection`). Each secret is written as `"$NAME"`, never its value.
package enum CurlCommand {
    /// A value the command must not show, and the shell variable that stands for it.
    package struct Secret: Sendable, Equatable {
        /// The shell variable's name (`API_TOKEN`).
        package var name: String
        /// The value.
        package var value: String

        /// Makes a secret.
        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The command for `request`; file paths are absolute, so it runs from any folder.
    package static func make(
        from request: Request, secrets: [Secret] = [], connection: Connection = Connection()
    ) -> String {
        let writer = Writer(secrets: secrets)
        var parts = ["curl"]
        // Bearer and API keys are plain headers or query items; basic, digest and AWS have curl options.
        var request = request
        var authOptions: [String] = []
        switch request.authentication {
        case .bearer, .apiKey:
            if let authentication = request.authentication {
                request = AuthenticationInterceptor.applied(authentication, to: request)
            }
        case .basic(let username, let password):
            authOptions = ["-u " + writer.word("\(username):\(password)")]
        case .digest(let username, let password):
            authOptions = ["--digest -u " + writer.word("\(username):\(password)")]
        case .aws(let credentials, let region, let service):
            authOptions = [
                "--aws-sigv4 " + writer.word("aws:amz:\(region):\(service)"),
                "--user " + writer.word("\(credentials.accessKeyID):\(credentials.secretAccessKey)"),
            ]
            if let token = credentials.sessionToken {
                authOptions.append("-H " + writer.word("X-Amz-Security-Token: \(token)"))
            }
        case .oauth2:
            // The token is fetched at send time and never exported: `tern auth token SPEC` prints one.
            authOptions = ["--oauth2-bearer \"$TERN_OAUTH2_TOKEN\""]
        case nil:
            break
        }
        let hasBody = !request.body.isEmpty
        if request.method == .head, !hasBody {
            parts.append("-I")
        } else if request.method != .get || hasBody, !(request.method == .post && hasBody) {
            let method = request.method.rawValue
            // A method is a token (RFC 9110), so a plain one needs no quotes: `-X PUT`, as people write it.
            let plain = method.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
            parts.append("-X " + (plain ? method : writer.word(method)))
        }
        let url = request.url.absoluteString
        if url.contains(where: { "[]{}".contains($0) }) { parts.append("-g") }
        parts.append(writer.word(url))
        parts += authOptions
        parts += connection.options(writer)
        var isMultipart = false
        if case .multipart = request.body { isMultipart = true }
        for field in request.headers.wireFields {
            if isMultipart, field.name.lowercased() == "content-type" { continue }
            parts.append("-H " + writer.word(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"))
        }
        if hasBody, !isMultipart, request.headers[.contentType] == nil { parts.append("-H 'Content-Type:'") }
        // Asking for gzip or deflate as Tern does: curl then decodes the answer as Tern does.
        let codings = request.headers[.acceptEncoding]?.lowercased() ?? ""
        if codings.contains("gzip") || codings.contains("deflate") { parts.append("--compressed") }
        switch request.body {
        case .none:
            break
        case .data(let data):
            if let text = String(validating: data, as: UTF8.self), !text.contains("\0") {
                parts.append("--data-raw " + writer.word(text))
            } else {
                parts.append("--data-binary @<(printf %s '\(data.base64EncodedString())' | base64 -d)")
            }
        case .file(let url):
            parts.append("--data-binary " + writer.word("@" + writer.path(url)))
        case .multipart(let form):
            for part in form.parts { parts.append(writer.formPart(part)) }
        }
        if request.transaction == .download {
            let name = request.downloadDestination?.lastPathComponent ?? request.url.lastPathComponent
            parts.append("-o " + writer.word(name.isEmpty ? "download" : name))
        }
        return parts.joined(separator: " ")
    }

    /// Single-quotes `text` for a POSIX shell.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// Quoting with secrets replaced by shell variables.
    struct Writer {
        let secrets: [(form: String, name: String)]

        init(secrets: [Secret]) {
            var forms: [(form: String, name: String)] = []
            for secret in secrets where !secret.value.isEmpty {
                for form in Redactor.forms(of: secret.value) { forms.append((form, secret.name)) }
            }
            self.secrets = forms.sorted { $0.form.count > $1.form.count }
        }

        /// One shell word for `text`: single-quoted pieces and `"$NAME"` for each secret in it.
        func word(_ text: String) -> String {
            var out = ""
            var literal = ""
            var rest = Substring(text)
            while !rest.isEmpty {
                if let secret = secrets.first(where: { rest.hasPrefix($0.form) }) {
                    if !literal.isEmpty { out += CurlCommand.quote(literal) }
                    literal = ""
                    out += "\"$\(secret.name)\""
                    rest = rest.dropFirst(secret.form.count)
                } else if let first = rest.first {
                    literal.append(first)
                    rest = rest.dropFirst()
                }
            }
            if !literal.isEmpty || out.isEmpty { out += CurlCommand.quote(literal) }
            return out
        }

        /// A file's path, absolute: the command runs from any folder (a path relative to the workspace
        /// failed when pasted anywhere else).
        func path(_ url: URL) -> String {
            url.standardizedFileURL.path
        }

        /// `-F 'name=@file;type=…;filename=…'` or `--form-string 'name=value'` (`-F` with a type).
        func formPart(_ part: MultipartForm.Part) -> String {
            switch part.content {
            case .file(let url):
                var text = "\(part.name)=@\(path(url))"
                if let type = part.contentType { text += ";type=\(type)" }
                if let filename = part.filename, filename != url.lastPathComponent { text += ";filename=\(filename)" }
                return "-F " + word(text)
            case .data(let data):
                let value = String(decoding: data, as: UTF8.self)
                if let type = part.contentType, !value.hasPrefix("@"), !value.hasPrefix("<"), !value.contains(";"),
                    part.filename == nil
                {
                    return "-F " + word("\(part.name)=\(value);type=\(type)")
                }
                return "--form-string " + word("\(part.name)=\(value)")
            }
        }
    }
}
