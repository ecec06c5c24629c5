import ArgumentParser
import Foundation
import Tern
import TernExplorer
import TernWorkspace

/// `tern grpc ADDRESS list [SERVICE]`, `tern grpc ADDRESS describe SYMBOL` and
/// `tern grpc ADDRESS SERVICE/METHOD [-d JSON]`: a gRPC server's services and one call, as grpcurl does
/// it, with the descriptors from server reflection, `--proto` files or a `--protoset`.
struct GRPCCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grpc",
        abstract: "List a gRPC server's services, describe one, or call a method.",
        discussion: """
            tern grpc ADDRESS list [SERVICE]       services (or a service's methods), full names, one a line
            tern grpc ADDRESS describe SYMBOL      a service, method, message or enum as .proto-like text
            tern grpc ADDRESS SERVICE/METHOD -d '{"name":"tern"}'   calls the method
            tern grpc ADDRESS SERVICE/METHOD -d '{"name":"tern"}' --save calls/hello   and keeps it as a spec

            ADDRESS is grpc://HOST:PORT (plaintext), grpcs://HOST:PORT (TLS) or HOST:PORT (TLS unless \
            --plaintext); grpc-web://HOST:PORT (grpc-webs:// with TLS) makes gRPC-Web calls over HTTP, for a \
            service behind Envoy or another gRPC-Web proxy (unary and server-streaming methods, descriptors from \
            --proto or --protoset). The descriptors come from the server's reflection (grpc.reflection.v1, else \
            v1alpha), \
            or from --proto files (compiled by protoc, with -I import paths) or a --protoset; what reflection \
            taught is kept in the workspace's .tern/grpc/ for when the server is down.

            Each response message prints as one JSON document. Status OK exits 0; another status prints \
            'status NAME (CODE): MESSAGE' on stderr and exits 1. See 'man tern'.
            """)

    @Argument(
        help: "grpc://HOST:PORT, grpcs://HOST:PORT, HOST:PORT (TLS unless --plaintext), or grpc-web(s)://HOST:PORT.")
    var address: String

    @Argument(help: "list [SERVICE], describe SYMBOL, or SERVICE/METHOD (pkg.Service/Method).")
    var words: [String] = []

    @Option(
        name: [.short, .customLong("data")],
        help: "The request messages as JSON documents, one a message; @FILE reads a file, @- standard input.")
    var data: String?

    @Option(name: [.customShort("H"), .customLong("header")], help: "Metadata 'name: value' (a -bin value in base64).")
    var headers: [String] = []

    @Option(name: .customLong("proto"), help: "A .proto file that defines the service (repeatable).")
    var protos: [String] = []

    @Option(name: [.customShort("I"), .customLong("import-path")], help: "Where --proto's imports are looked for.")
    var importPaths: [String] = []

    @Option(help: "A descriptor set (protoc --descriptor_set_out) that defines the service.")
    var protoset: String?

    @Option(name: .customLong("max-time"), help: "The call's deadline in seconds.")
    var maxTime: Double?

    @Flag(help: "HOST:PORT without a scheme is plaintext HTTP/2 (grpc://), not TLS.")
    var plaintext = false

    @Flag(help: "TLS without any certificate check (for local servers only).")
    var insecure = false

    @Option(help: "A CA certificate file (PEM) that the server's certificate must chain to.")
    var cacert: String?

    @Option(help: "A client certificate file (PEM) for mutual TLS, with --key.")
    var cert: String?

    @Option(help: "The client certificate's private key (PEM).")
    var key: String?

    @Option(name: .customLong("max-msg-size"), help: "The largest message accepted from the server, in bytes.")
    var maxMessageSize: Int?

    @Option(
        help: ArgumentHelp(
            "live (the default) calls the server and keeps the answer; cache replays the kept answer, asking no "
                + "server (a call never recorded is a miss: exit 1).", valueName: "live|cache"))
    var mode: ResponseMode?

    @Option(help: "'json': one JSON object per event on stdout (open, message, status).")
    var events: SendCommand.EventFormat?

    @Option(
        help: ArgumentHelp(
            "Also save the call as the spec NAME (group/name), on the workspace's target with this address "
                + "(one is added when none has it); a spec is never replaced.", valueName: "NAME"))
    var save: String?

    @OptionGroup var workspace: WorkspaceOptions

    func run() async throws {
        let action = try action(endpoint: try endpoint())
        let folder = try AdHocArguments.workspaceFolder(workspace.workspace)
        let json = events == .json
        let printer = GRPCPrinter(json: json, terminal: StandardStream.output.isTerminal)
        if let mode, mode != .live, mode != .cache {
            throw CommandFailure.usage("--mode is live or cache for a gRPC call, not \(mode.rawValue)")
        }
        var needs = OpenedWorkspace.Needs.requests(mode: mode ?? .live)
        needs.startsMock = false
        try await OpenedWorkspace.with(WorkspaceFolder(workspace: folder), needs) { opened in
            var adjustments = SendAdjustments()
            adjustments.onGRPC = { printer.print($0) }
            let interrupt = InterruptStop()
            defer { interrupt.restore() }
            adjustments.streamStop = interrupt.stop
            let output: CommandOutput
            do throws(ExplorerError) {
                if let save, case .call(let endpoint, let method, let input) = action {
                    let saved = try await opened.session.run(
                        .grpcTarget(.save(endpoint, method: method, input: input, as: save)))
                    StandardStream.error.write("tern: \(TerminalText.safe(saved.sentence ?? ""))\n")
                }
                output = try await opened.session.run(.grpc(action), sendAdjustments: adjustments)
            } catch {
                throw CommandFailure(status: error.kind == .request ? .failure : .usage, message: error.message)
            }
            switch output {
            case .grpcCall(let outcome):
                guard outcome.status.isOK else {
                    if !json {
                        var said = outcome.statusLine
                        if let details = outcome.details { said += "\ndetails: \(details)" }
                        StandardStream.error.write(TerminalText.safe(said, keepingLines: true) + "\n")
                    }
                    throw CommandFailure.silent(.failure)
                }
            default:
                if let text = output.sentence, !text.isEmpty {
                    StandardStream.output.write(TerminalText.safe(text, keepingLines: true) + "\n")
                }
            }
        }
    }

    private func action(endpoint: GRPCEndpoint) throws -> Command.GRPCAction {
        guard let first = words.first else {
            throw CommandFailure.usage("say what to do at \(address): list, describe SYMBOL, or SERVICE/METHOD")
        }
        if save != nil, first == "list" || first == "describe" {
            throw CommandFailure.usage("--save keeps a call (SERVICE/METHOD) as a spec, not \(first)")
        }
        switch first {
        case "list":
            guard words.count <= 2 else { throw CommandFailure.usage("list takes at most one SERVICE") }
            return .list(endpoint, service: words.count == 2 ? words[1] : nil)
        case "describe":
            guard words.count == 2 else { throw CommandFailure.usage("describe takes one SYMBOL") }
            return .describe(endpoint, symbol: words[1])
        default:
            guard words.count == 1 else {
                throw CommandFailure.usage(
                    "one method is called at a time: '\(words.joined(separator: " "))' (give messages with -d)")
            }
            guard first.contains("/") || first.split(separator: ".").count > 1 else {
                throw CommandFailure.usage("'\(first)' is not list, describe or SERVICE/METHOD")
            }
            var input: Data?
            if let data {
                input = data.hasPrefix("@") ? try BodyInput.read(String(data.dropFirst())) : Data(data.utf8)
            }
            return .call(endpoint, method: first, input: input)
        }
    }

    private func endpoint() throws -> GRPCEndpoint {
        var endpoint: GRPCEndpoint
        switch GRPCEndpoint.parse(address, plaintext: plaintext) {
        case .success(let parsed): endpoint = parsed
        case .failure(let error): throw CommandFailure.usage(error.message)
        }
        let file = { (path: String) in URL(fileURLWithPath: (path as NSString).expandingTildeInPath) }
        do throws(ExplorerError) {
            endpoint.metadata += try headers.map { header throws(ExplorerError) in
                try GRPCEndpoint.metadata(written: header)
            }
            try endpoint.takeDescriptors(
                protos: protos.map(file), importPaths: importPaths.map(file), protoset: protoset.map(file))
            if let maxTime { try endpoint.takeDeadline(seconds: maxTime) }
        } catch {
            throw CommandFailure.usage(error.message)
        }
        if let maxMessageSize {
            guard maxMessageSize > 0 else { throw CommandFailure.usage("--max-msg-size is a number of bytes above 0") }
            endpoint.maximumReceivedMessageBytes = maxMessageSize
        }
        if key != nil, cert == nil { throw CommandFailure.usage("--key goes with --cert FILE") }
        if insecure || cacert != nil || cert != nil {
            guard endpoint.url.usesGRPCTLS else {
                throw CommandFailure.usage("--insecure, --cacert and --cert are TLS settings: the address is plaintext")
            }
            do {
                endpoint.tls = try TLSSettings.reading(
                    insecure: insecure, caFile: cacert.map(file), clientCertificateFile: cert.map(file),
                    clientKeyFile: (key ?? cert).map(file))
            } catch {
                throw CommandFailure.usage(error.message)
            }
        }
        return endpoint
    }
}
