import Foundation
import HTTPTypes
import Tern
import TernGRPC
import TernMock
import TernProtobuf
import TernWorkspace

/// The gRPC calls `tern mock` answers: the calls the workspace's cache recorded, and the gRPC specs'
/// samples, encoded to their methods' response types through the descriptors the workspace knows.
enum MockGRPC {
    /// What the mock serves of a workspace's gRPC: the calls, server reflection from the descriptors the
    /// workspace knows (when it knows any), and a warning for each sample that cannot be served.
    struct Served: Sendable {
        var calls: MockGRPCCalls
        var reflection: ServerReflectionResponder?
        var warnings: [String]
    }

    /// The calls of `workspace`, with reflection and warnings.
    static func calls(
        of workspace: Workspace, storage: any StorageManager, identity: CacheIdentity
    ) async -> Served {
        let stored = ((try? await storage.entries()) ?? [])
            .filter { $0.headers[.contentType] == GRPCTranscript.contentType }
            .sorted { $0.storedAt > $1.storedAt }
        var recordings: [MockGRPCCalls.Recording] = []
        for entry in stored {
            guard let body = try? entry.bodyData(), let transcript = try? GRPCTranscript.decode(body) else { continue }
            recordings.append(
                MockGRPCCalls.Recording(
                    method: transcript.method, request: entry.request?.fingerprints["body"],
                    requestBytes: entry.request?.bodyBytes.map { Int($0) }, reply: reply(transcript)))
        }
        let hasSamples = workspace.specs.contains { $0.spec.grpc != nil && $0.spec.sample != nil }
        let pools = recordings.isEmpty && !hasSamples ? [] : descriptors(of: workspace)
        let (samples, warnings) = samples(of: workspace, pools: pools)
        let calls = MockGRPCCalls(recordings: recordings, samples: samples) { messages in
            let request = Request(
                method: .post, url: URL(fileURLWithPath: "/"), body: .data(GRPCCaller.frames(messages)))
            return identity.record(of: request, redactor: Redactor()).fingerprints["body"] ?? ""
        }
        var reflection: ServerReflectionResponder?
        if !pools.isEmpty {
            let services = Set(calls.methods.compactMap { $0.split(separator: "/").first.map(String.init) })
            reflection = ServerReflectionResponder(services: Array(services), files: pools.flatMap(\.files))
        }
        return Served(calls: calls, reflection: reflection, warnings: warnings)
    }

    /// Each gRPC spec's `sample:` as a reply: its body a message (an array: one message each; `null`: none),
    /// its headers the initial metadata, a 2xx status `OK` and another the status gRPC gives that HTTP
    /// status. The first spec of a method with a sample serves it.
    static func samples(of workspace: Workspace, pools: [DescriptorPool]) -> ([String: MockGRPCReply], [String]) {
        var samples: [String: MockGRPCReply] = [:]
        var warnings: [String] = []
        for entry in workspace.specs {
            guard let definition = entry.spec.grpc, let sample = entry.spec.sample, samples[definition.method] == nil
            else { continue }
            guard let method = pools.lazy.compactMap({ $0.method(named: definition.method) }).first else {
                warnings.append(
                    "\(entry.id): the sample of \(definition.method) is not served: no descriptors of the workspace "
                        + "define the method (call it live once, or give its target grpc: {protoset: FILE})")
                continue
            }
            let bodies: [JSONValue]
            switch sample.body {
            case .null: bodies = []
            case .array(let items): bodies = items
            default: bodies = [sample.body]
            }
            var messages: [[UInt8]] = []
            for body in bodies {
                let encoder = JSONEncoder()
                do {
                    let json = try encoder.encode(body)
                    messages.append(try DynamicMessage(json: json, as: method.output).binary())
                } catch {
                    warnings.append(
                        "\(entry.id): the sample is not a \(method.output.fullName): \(error)")
                    break
                }
            }
            guard messages.count == bodies.count else { continue }
            let headers = sample.headers.map {
                GRPCMetadataEntry(name: $0.name.lowercased(), written: $0.value)
                    ?? GRPCMetadataEntry(name: $0.name.lowercased(), value: .text($0.value))
            }
            samples[definition.method] = MockGRPCReply(
                headers: entries(headers), messages: messages, code: code(ofHTTP: sample.status).rawValue)
        }
        return (samples, warnings)
    }

    /// The reply a recorded call gives: its metadata, messages and status as they were.
    static func reply(_ transcript: GRPCTranscript) -> MockGRPCReply {
        let status = transcript.status
        return MockGRPCReply(
            headers: entries(transcript.headers.map(\.metadata)), messages: transcript.messages.map { Array($0.bytes) },
            code: status.code.rawValue, message: status.message, trailers: entries(status.trailers))
    }

    /// Metadata as the mock keeps it.
    static func entries(_ metadata: [GRPCMetadataEntry]) -> [MockGRPCReply.Entry] {
        metadata.map { entry in
            switch entry.value {
            case .text(let text): MockGRPCReply.Entry(name: entry.name, value: .text(text))
            case .binary(let bytes): MockGRPCReply.Entry(name: entry.name, value: .binary(bytes))
            }
        }
    }

    /// The mock's metadata as gRPC's.
    static func metadata(_ entries: [MockGRPCReply.Entry]) -> [GRPCMetadataEntry] {
        entries.map { entry in
            switch entry.value {
            case .text(let text): GRPCMetadataEntry(name: entry.name, value: .text(text))
            case .binary(let bytes): GRPCMetadataEntry(name: entry.name, value: .binary(bytes))
            }
        }
    }

    /// The status gRPC gives an HTTP status (gRPC's own mapping), `OK` for 2xx.
    static func code(ofHTTP status: Int) -> GRPCStatus.Code {
        switch status {
        case 200..<300: .ok
        case 400: .internal
        case 401: .unauthenticated
        case 403: .permissionDenied
        case 404: .unimplemented
        case 429, 502, 503, 504: .unavailable
        default: .unknown
        }
    }

    /// Every descriptor set the workspace knows: what reflection kept in `.tern/grpc/`, and the targets'
    /// `protoset:` and `protos:`.
    static func descriptors(of workspace: Workspace) -> [DescriptorPool] {
        let root = workspace.root
        let file = { (path: String) in
            URL(fileURLWithPath: (path as NSString).expandingTildeInPath, relativeTo: root).standardizedFileURL
        }
        var pools: [DescriptorPool] = []
        for name in workspace.targets.keys.sorted() {
            switch workspace.targets[name]?.grpc {
            case .protoset(let path)?:
                if let pool = try? DescriptorPool(files: DescriptorFiles.protoset(file(path))) { pools.append(pool) }
            case .protos(let protos, let importPaths)?:
                if let pool = try? DescriptorPool(
                    files: DescriptorFiles.compile(protos.map(file), importPaths: importPaths.map(file)))
                {
                    pools.append(pool)
                }
            case .reflection?, nil:
                break
            }
        }
        let kept = root.appendingPathComponent(".tern/grpc")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: kept.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".protoset") {
            if let pool = try? DescriptorPool(files: DescriptorFiles.protoset(kept.appendingPathComponent(name))) {
                pools.append(pool)
            }
        }
        return pools
    }

    /// Serves the calls (and reflection) on `host`:`port` until the host is shut down.
    static func serve(_ served: Served, host: String, port: Int) async throws -> GRPCServerHost {
        let calls = served.calls
        let reflection = served.reflection
        let methods = calls.methods + (reflection == nil ? [] : ServerReflectionResponder.methods)
        return try await GRPCServerHost.start(host: host, port: port, methods: methods) { call in
            if let reflection, ServerReflectionResponder.methods.contains(call.method) {
                return .answer(metadata: []) { writer in
                    do {
                        for try await request in call.requests { try await writer.write(reflection.answer(request)) }
                    } catch {
                        return GRPCStatus(code: .cancelled, message: "the call was cancelled")
                    }
                    return GRPCStatus(code: .ok)
                }
            }
            let requests: [[UInt8]]
            do {
                requests = try await call.requests.collect(limit: MockGRPCCalls.maximumRequestMessages)
            } catch let status as GRPCStatus {
                return .status(status)
            } catch {
                return .status(GRPCStatus(code: .cancelled, message: "the call was cancelled"))
            }
            let reply = calls.decide(method: call.method, requests: requests).reply
            let status = GRPCStatus(
                code: GRPCStatus.Code(rawValue: reply.code), message: reply.message, trailers: metadata(reply.trailers))
            return .recorded(metadata: metadata(reply.headers), messages: reply.messages, status: status)
        }
    }
}
