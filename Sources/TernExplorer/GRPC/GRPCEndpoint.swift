package import Foundation
package import Tern

/// Where a gRPC call goes and how Tern learns the service: the server, the metadata every call (and
/// reflection) carries, the TLS settings, the deadline and where the descriptors come from.
package struct GRPCEndpoint: Sendable, Equatable {
    /// Where the descriptors come from.
    package enum Descriptors: Sendable, Equatable {
        /// The server's reflection service (v1, else v1alpha).
        case reflection
        /// A descriptor set file (`--protoset`, `protoc --descriptor_set_out`).
        case protoset(URL)
        /// `.proto` files compiled by `protoc` with import paths (`--proto FILE -I DIR`).
        case protos([URL], importPaths: [URL])
    }

    /// `grpc://HOST:PORT` (plaintext) or `grpcs://HOST:PORT` (TLS); `grpc-web://`, `grpc-webs://` for gRPC-Web.
    package var url: URL
    package var metadata: [GRPCMetadataEntry] = []
    package var descriptors: Descriptors = .reflection
    package var tls = TLSSettings()
    /// The call's deadline; `nil`: none for the call (reflection still has `reflectionTimeout`).
    package var timeout: Duration?
    package var maximumReceivedMessageBytes = GRPCCall.defaultMaximumReceivedMessageBytes

    /// How long reflection may take when the call has no deadline of its own.
    package static let reflectionTimeout: Duration = .seconds(30)

    package init(url: URL) { self.url = url }

    /// The endpoint ADDRESS names: `grpc://host:port`, `grpcs://host:port`, or `host:port` (TLS unless
    /// `plaintext`). Nil, with the reason, when it names no host and port.
    package static func parse(_ address: String, plaintext: Bool) -> Result<GRPCEndpoint, ExplorerError> {
        let lowered = address.lowercased()
        var text = address
        if !["grpc://", "grpcs://", "grpc-web://", "grpc-webs://"].contains(where: { lowered.hasPrefix($0) }) {
            guard !address.contains("://") else {
                return .failure(
                    ExplorerError(
                        .usage,
                        "'\(address)' is not a gRPC address: write grpc://HOST:PORT, grpcs://HOST:PORT, "
                            + "HOST:PORT, or grpc-web://HOST:PORT (grpc-webs:// with TLS) for gRPC-Web"))
            }
            text = (plaintext ? "grpc://" : "grpcs://") + address
        }
        guard let url = URL(string: text), let host = url.host, !host.isEmpty else {
            return .failure(ExplorerError(.usage, "'\(address)' names no host: write HOST:PORT"))
        }
        if let problem = url.portProblem {
            return .failure(ExplorerError(.usage, "'\(address)': \(problem)"))
        }
        guard url.port != nil else {
            return .failure(ExplorerError(.usage, "'\(address)' names no port: write \(host):PORT"))
        }
        guard url.path.isEmpty || url.path == "/" else {
            return .failure(
                ExplorerError(.usage, "'\(address)' has a path: a gRPC address is only HOST:PORT (the method follows)"))
        }
        return .success(GRPCEndpoint(url: url))
    }

    /// The metadata entry `-H 'name: value'` writes (a `-bin` name's value in base64).
    package static func metadata(written header: String) throws(ExplorerError) -> GRPCMetadataEntry {
        guard let colon = header.firstIndex(of: ":") else {
            throw ExplorerError(.usage, "-H '\(header)' is not 'name: value'")
        }
        let name = header[..<colon].trimmingWhitespace()
        let value = header[header.index(after: colon)...].trimmingWhitespace()
        guard !name.isEmpty, let entry = GRPCMetadataEntry(name: name, written: value) else {
            throw ExplorerError(.usage, "-H '\(header)': a -bin value is base64")
        }
        return entry
    }

    /// Takes the descriptors from `--protoset FILE`, or from `--proto FILE`s with `-I DIR` import paths;
    /// nothing given keeps them as they are.
    package mutating func takeDescriptors(protos: [URL], importPaths: [URL], protoset: URL?) throws(ExplorerError) {
        if let protoset {
            guard protos.isEmpty else { throw ExplorerError(.usage, "give --protoset or --proto, not both") }
            descriptors = .protoset(protoset)
        } else if !protos.isEmpty {
            descriptors = .protos(protos, importPaths: importPaths)
        } else if !importPaths.isEmpty {
            throw ExplorerError(.usage, "-I names where --proto files' imports are: give --proto FILE too")
        }
    }

    /// The call's deadline, `--max-time SECONDS`.
    package mutating func takeDeadline(seconds: Double) throws(ExplorerError) {
        guard seconds > 0, seconds <= 86_400 else {
            throw ExplorerError(.usage, "--max-time is a number of seconds above 0 (at most 86400)")
        }
        timeout = .milliseconds(Int((seconds * 1000).rounded(.up)))
    }

    /// The call of `method` (`pkg.Service/Method`) to this endpoint.
    func call(_ method: String, timeout: Duration?) -> GRPCCall {
        GRPCCall(
            url: url, method: method, metadata: metadata, timeout: timeout, tls: tls,
            maximumReceivedMessageBytes: maximumReceivedMessageBytes)
    }

    /// `host:port`, lowercased (the scheme aside): the server, whichever way its address was written.
    package var hostPort: String { "\(url.host ?? ""):\(url.port ?? 0)".lowercased() }

    /// `host:port`, as a file name of `.tern/grpc/`.
    var fileStem: String {
        let host = (url.host ?? "server").map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        return "\(String(host))_\(url.port ?? 0)"
    }
}
