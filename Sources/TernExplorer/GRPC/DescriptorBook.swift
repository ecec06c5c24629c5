import Foundation
import SwiftProtobuf
import Tern
import TernProtobuf
import TernWorkspace

/// Learns a service's descriptors from where an endpoint says (reflection, a descriptor set, `.proto`
/// files) and keeps what reflection taught in `.tern/grpc/HOST_PORT.protoset`, so the method list and
/// the messages are known with the server down.
struct DescriptorBook {
    let connector: any GRPCConnector
    /// The workspace's `.tern/` folder.
    let stateFolder: URL
    /// Whether the session answers from the cache only (`--mode cache`): reflection is not asked, what
    /// it taught before is read.
    let offline: Bool

    /// The descriptors of `endpoint`, enough to describe `symbols` (every service when nil). A server that
    /// cannot be reached is described by what reflection kept, unless `fallingBack` is false.
    func pool(
        for endpoint: GRPCEndpoint, defining symbols: [String]?, fallingBack: Bool = true
    ) async throws(ExplorerError) -> DescriptorPool {
        let files: [Google_Protobuf_FileDescriptorProto]
        if let given = try Self.given(endpoint) {
            files = given
        } else {
            files = try await reflect(endpoint, defining: symbols, fallingBack: fallingBack)
        }
        return try Self.pool(files, of: endpoint)
    }

    /// The descriptors of `endpoint` known without a call: its descriptor set or `.proto` files, else what
    /// reflection taught before; `nil` when reflection taught nothing yet.
    static func known(_ endpoint: GRPCEndpoint, stateFolder: URL) throws(ExplorerError) -> DescriptorPool? {
        if let given = try given(endpoint) { return try pool(given, of: endpoint) }
        guard let stored = try? DescriptorFiles.protoset(file(of: endpoint, in: stateFolder)) else { return nil }
        return try pool(stored, of: endpoint)
    }

    /// The descriptors the endpoint names (`--protoset`, `--proto`); `nil` for reflection.
    private static func given(_ endpoint: GRPCEndpoint) throws(ExplorerError) -> [Google_Protobuf_FileDescriptorProto]?
    {
        switch endpoint.descriptors {
        case .protoset(let file):
            do {
                return try DescriptorFiles.protoset(file)
            } catch {
                throw ExplorerError(.usage, error.description)
            }
        case .protos(let protos, let importPaths):
            do {
                return try DescriptorFiles.compile(protos, importPaths: importPaths)
            } catch {
                throw ExplorerError(.usage, error.description)
            }
        case .reflection:
            return nil
        }
    }

    private static func pool(
        _ files: [Google_Protobuf_FileDescriptorProto], of endpoint: GRPCEndpoint
    ) throws(ExplorerError) -> DescriptorPool {
        do {
            return try DescriptorPool(files: files)
        } catch {
            throw ExplorerError(
                .request, "the descriptors of \(endpoint.url.absoluteString) do not hold together: \(error)")
        }
    }

    /// The names of the services `endpoint` serves; through reflection, their descriptors are kept as well.
    func services(of endpoint: GRPCEndpoint) async throws(ExplorerError) -> [String] {
        guard endpoint.descriptors == .reflection, !offline, !endpoint.url.isGRPCWeb else {
            return try await pool(for: endpoint, defining: nil).services.map(\.fullName)
        }
        let reflection = reflection(endpoint)
        do {
            let names = try await reflection.services()
            // Their descriptors are kept too (a failure here is not the listing's), so the REPL's Tab and a
            // later `describe` with the server down know the methods after a mere `list`.
            let files = await describable(names, from: reflection)
            if !files.isEmpty { keep(files, of: endpoint) }
            return names
        } catch {
            if let stored = stored(endpoint) {
                return (try? DescriptorPool(files: stored))?.services.map(\.fullName) ?? []
            }
            throw Self.explained(error, endpoint: endpoint)
        }
    }

    /// At most this many services listed have their descriptors fetched one by one.
    static let servicesLearnedOneByOne = 50

    /// The descriptors of `services`: all at once, else of each that the server can describe (grpcio lists
    /// its reflection service but has no file for it); empty when it can describe none.
    private func describable(
        _ services: [String], from reflection: ServerReflection
    ) async -> [Google_Protobuf_FileDescriptorProto] {
        if let files = try? await reflection.files(defining: services) { return files }
        var learned: [Google_Protobuf_FileDescriptorProto] = []
        var names = Set<String>()
        for service in services.prefix(Self.servicesLearnedOneByOne) {
            guard let files = try? await reflection.files(defining: [service]) else { continue }
            for file in files where names.insert(file.name).inserted { learned.append(file) }
        }
        return learned
    }

    private func reflection(_ endpoint: GRPCEndpoint) -> ServerReflection {
        ServerReflection(
            connector: connector,
            base: endpoint.call("", timeout: endpoint.timeout ?? GRPCEndpoint.reflectionTimeout))
    }

    private func reflect(
        _ endpoint: GRPCEndpoint, defining symbols: [String]?, fallingBack: Bool
    ) async throws(ExplorerError) -> [Google_Protobuf_FileDescriptorProto] {
        if offline {
            guard let stored = stored(endpoint) else {
                throw ExplorerError(
                    .request,
                    "cache mode asks no server, and nothing reflection taught about \(endpoint.url.absoluteString) "
                        + "is kept: call it live once, or give --proto FILE or --protoset FILE")
            }
            return stored
        }
        if endpoint.url.isGRPCWeb {
            if let stored = stored(endpoint) { return stored }
            throw ExplorerError(
                .usage,
                "gRPC-Web carries no server reflection (it is a bidirectional stream): give --proto FILE or "
                    + "--protoset FILE, or the target's grpc: {protoset: FILE} or {protos: [FILE...]}")
        }
        let reflection = reflection(endpoint)
        do throws(ServerReflection.Failure) {
            var files: [Google_Protobuf_FileDescriptorProto]
            if let symbols {
                files = try await reflection.files(defining: symbols)
            } else {
                let services = try await reflection.services()
                files = await describable(services, from: reflection)
                // None it could describe: asked all at once again, its failure is the answer.
                if files.isEmpty, !services.isEmpty { files = try await reflection.files(defining: services) }
            }
            keep(files, of: endpoint)
            return files
        } catch {
            // The server is down (or unreachable): what it taught before still describes it.
            if fallingBack, error.status.code == .unavailable, let stored = stored(endpoint) { return stored }
            throw Self.explained(error, endpoint: endpoint)
        }
    }

    /// A reflection failure as a sentence a person can act on.
    static func explained(_ failure: ServerReflection.Failure, endpoint: GRPCEndpoint) -> ExplorerError {
        let address = endpoint.url.absoluteString
        if failure.isUnavailable {
            return ExplorerError(
                .request,
                "\(address) does not offer server reflection (grpc.reflection.v1 and v1alpha are UNIMPLEMENTED): "
                    + "give the service's descriptors with --proto FILE (and -I DIR for its imports), "
                    + "--protoset FILE, or the target's grpc: {protos: [...], importPaths: [...]} or "
                    + "{protoset: FILE}")
        }
        let explained = ["certificate is not trusted", "the TLS handshake failed"]
        if failure.status.code == .unavailable, !explained.contains(where: failure.status.message.contains) {
            return ExplorerError(
                .request, "\(address) could not be reached: \(failure.status.message) (is the server running?)")
        }
        if failure.status.code == .unavailable { return ExplorerError(.request, failure.status.message) }
        return ExplorerError(.request, failure.description)
    }

    private func file(of endpoint: GRPCEndpoint) -> URL { Self.file(of: endpoint, in: stateFolder) }

    private static func file(of endpoint: GRPCEndpoint, in stateFolder: URL) -> URL {
        stateFolder.appendingPathComponent("grpc").appendingPathComponent(endpoint.fileStem + ".protoset")
    }

    /// What reflection taught about `endpoint` before, when it was kept.
    func stored(_ endpoint: GRPCEndpoint) -> [Google_Protobuf_FileDescriptorProto]? {
        try? DescriptorFiles.protoset(file(of: endpoint))
    }

    /// Keeps `files` for `endpoint`, merged with what was kept before (a call learns one service at a
    /// time). A failure to write is not the call's failure: the file is a convenience.
    private func keep(_ files: [Google_Protobuf_FileDescriptorProto], of endpoint: GRPCEndpoint) {
        var set = Google_Protobuf_FileDescriptorSet()
        var names = Set(files.map(\.name))
        set.file = files
        for old in stored(endpoint) ?? [] where names.insert(old.name).inserted { set.file.append(old) }
        guard let data: Data = try? set.serializedBytes() else { return }
        try? WorkspaceFiles.writeFile(data, at: file(of: endpoint), replacing: true)
    }
}
