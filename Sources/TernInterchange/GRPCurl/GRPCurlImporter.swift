import Foundation
import Tern
import TernWorkspace

/// Reads grpcurl command lines (from docs, a README or a shell history; one or several) into one gRPC
/// spec per call, and the targets they call.
///
/// `-plaintext HOST:PORT` becomes a target `grpc://HOST:PORT`, else `grpcs://HOST:PORT` (with `tls:` for
/// `-insecure`, `-cacert`, `-cert` and `-key`); `-proto`/`-import-path` and `-protoset` are the target's
/// `grpc:` (server reflection when neither is given). `-d` becomes the spec's message(s), `-H` its
/// metadata (credentials as `{{secret:NAME}}`, their values for the secret store), `-max-time` its timeout.
/// Flags a spec cannot express are warnings naming the flag; flags whose meaning it would lose are errors.
package enum GRPCurlImporter {
    /// The largest source read (1 MiB: grpcurl commands are short).
    static let maximumSourceBytes = 1 << 20

    /// The collection `source` describes, or an error with `file:line:column`.
    package static func read(_ source: ImportSource) throws(ImportError) -> ImportedCollection {
        try source.checkSize(atMost: maximumSourceBytes)
        let commands = try ShellWords.commands(in: try source.text(), source: source.name)
        var calls: [(invocation: GRPCurlInvocation, line: Int, environmentNames: [String])] = []
        var warnings: [String] = []
        for command in commands {
            var words = command.words
            if words.first?.text == "$" || words.first?.text == ">" { words.removeFirst() }
            guard let program = words.first else { continue }
            guard isGRPCurl(program.text) else {
                warnings.append("line \(program.line): '\(program.text.prefix(40))' is not a grpcurl command: ignored")
                continue
            }
            let location: (ShellWord) -> String = { "\(source.name):\($0.line):\($0.column)" }
            let invocation = try GRPCurlArguments.parse(Array(words.dropFirst()), location: location)
            calls.append((invocation, program.line, command.environmentNames))
        }
        guard let first = calls.first else {
            throw ImportError("\(source.name) holds no grpcurl command", at: "\(source.name):1:1")
        }
        let title = String(first.invocation.address.prefix { $0 != ":" })
        let context = ImportContext(source: source, group: source.groupName(title: title))
        for warning in warnings { context.warn(warning) }
        var mapper = GRPCurlMapper(context: context)
        for call in calls {
            try mapper.add(call.invocation, line: call.line, environmentNames: call.environmentNames)
        }
        return ImportedCollection(
            format: .grpcurl, title: title, specs: mapper.specs, targets: mapper.targets, files: context.files,
            skipped: context.skipped, warnings: context.warnings, localFiles: context.localFiles.uses,
            secrets: context.secrets)
    }

    /// Whether `word` runs grpcurl (`grpcurl`, `grpcurl.exe`, `/usr/local/bin/grpcurl`).
    static func isGRPCurl(_ word: String) -> Bool {
        let name = word.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? word
        return name == "grpcurl" || name.lowercased() == "grpcurl.exe"
    }
}
