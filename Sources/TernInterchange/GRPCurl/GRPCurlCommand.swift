package import Foundation

/// Writes a gRPC call as one bash command that makes grpcurl make the same call.
///
/// `-plaintext` for a `grpc://` address; `-insecure`, `-cacert`, `-cert` and `-key` from `tls:`;
/// `-import-path`/`-proto` or `-protoset` from the target's `grpc:` (nothing for reflection); each
/// metadata entry as `-H`, the messages as one `-d`, the deadline as `-max-time`; then `HOST:PORT` and
/// `pkg.Service/Method`. Each secret is written as `"$NAME"`, never its value, as `CurlCommand` does.
/// File paths are absolute, so the command runs from any folder.
package enum GRPCurlCommand {
    /// Where the call's descriptors come from.
    package enum Descriptors: Sendable, Equatable {
        /// Server reflection: no flag.
        case reflection
        /// `-protoset FILE`.
        case protoset(URL)
        /// `-import-path DIR`… `-proto FILE`….
        case protos([URL], importPaths: [URL])
    }

    /// One call, resolved: values rendered, files absolute.
    package struct Call: Sendable, Equatable {
        /// `HOST:PORT`.
        package var address: String
        /// `pkg.Service/Method`.
        package var method: String
        /// Whether the call is plaintext (`grpc://`).
        package var plaintext: Bool
        /// `-insecure`.
        package var insecure = false
        /// `-cacert FILE`.
        package var caFile: URL?
        /// `-cert FILE`.
        package var certificate: URL?
        /// `-key FILE`.
        package var key: URL?
        /// Where the descriptors come from.
        package var descriptors = Descriptors.reflection
        /// The metadata as `name: value` lines, in order.
        package var metadata: [String] = []
        /// The request messages as JSON texts.
        package var messages: [String] = []
        /// `-max-time`.
        package var timeout: Double?

        /// Makes a call.
        package init(address: String, method: String, plaintext: Bool) {
            self.address = address
            self.method = method
            self.plaintext = plaintext
        }
    }

    /// The command for `call`, each secret's value written as its shell variable.
    package static func make(_ call: Call, secrets: [CurlCommand.Secret] = []) -> String {
        let writer = CurlCommand.Writer(secrets: secrets)
        let word = { (text: String) -> String in
            let plain = text.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                        || "-_./:@%+,=".unicodeScalars.contains($0))
            }
            return plain && !text.isEmpty && !writer.secrets.contains { text.contains($0.form) }
                ? text : writer.word(text)
        }
        var parts = ["grpcurl"]
        if call.plaintext { parts.append("-plaintext") }
        if call.insecure { parts.append("-insecure") }
        if let caFile = call.caFile { parts.append("-cacert " + word(writer.path(caFile))) }
        if let certificate = call.certificate { parts.append("-cert " + word(writer.path(certificate))) }
        if let key = call.key { parts.append("-key " + word(writer.path(key))) }
        switch call.descriptors {
        case .reflection: break
        case .protoset(let file): parts.append("-protoset " + word(writer.path(file)))
        case .protos(let files, let importPaths):
            parts += importPaths.map { "-import-path " + word(writer.path($0)) }
            parts += files.map { "-proto " + word(writer.path($0)) }
        }
        parts += call.metadata.map { "-H " + writer.word($0) }
        if !call.messages.isEmpty {
            parts.append("-d " + writer.word(call.messages.map(compact).joined(separator: " ")))
        }
        if let timeout = call.timeout { parts.append("-max-time " + number(timeout)) }
        parts.append(word(call.address))
        parts.append(word(call.method))
        return parts.joined(separator: " ")
    }

    /// `5` for 5.0, else the shortest decimal form.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A JSON text without the whitespace outside its strings.
    static func compact(_ json: String) -> String {
        var out = ""
        var inString = false
        var escaped = false
        for character in json {
            if inString {
                out.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
                out.append(character)
            } else if !character.isWhitespace {
                out.append(character)
            }
        }
        return out
    }
}
