import Foundation
import Tern
import TernGRPC
import TernProtobuf

/// `grpc.testing.TestService` as grpc/grpc's interop cases use it, over message bytes: the requests are
/// read and the answers written through `TernProtobuf`'s dynamic messages of the interop descriptors.
/// Every method echoes `x-grpc-test-echo-initial` in its initial metadata and
/// `x-grpc-test-echo-trailing-bin` in its trailers; a request's `response_status` ends the call with it.
struct InteropTestService: Sendable {
    static let service = "grpc.testing.TestService"
    /// The methods served (`UnimplementedCall` is not: it answers `UNIMPLEMENTED`).
    static let methods = [
        "EmptyCall", "UnaryCall", "StreamingOutputCall", "StreamingInputCall", "FullDuplexCall",
        "HalfDuplexCall",
    ].map { "\(service)/\($0)" }

    let pool: DescriptorPool

    /// Answers one call.
    func answer(_ call: GRPCServerCall) async -> GRPCServerReply {
        let name = String(call.method.split(separator: "/").last ?? "")
        guard let method = pool.method(named: call.method) else {
            return .status(GRPCStatus(code: .unimplemented, message: "no method \(call.method)"))
        }
        let headers = call.metadata.filter { $0.name == "x-grpc-test-echo-initial" }
        let trailers = call.metadata.filter { $0.name == "x-grpc-test-echo-trailing-bin" }
        let ending: @Sendable (GRPCStatus?) -> GRPCStatus = { status in
            var status = status ?? GRPCStatus(code: .ok)
            status.trailers = trailers
            return status
        }
        return .answer(metadata: headers) { writer in
            do {
                switch name {
                case "StreamingInputCall":
                    var total = 0
                    for try await request in call.requests {
                        let payload = try read(request, as: method.input)["payload"] as? [String: Any]
                        total += Self.bytes(in: payload?["body"]).count
                    }
                    try await writer.write(try encode(["aggregatedPayloadSize": total], as: method.output))
                    return ending(nil)
                case "FullDuplexCall", "HalfDuplexCall":
                    var requests: [[String: Any]] = []
                    for try await bytes in call.requests {
                        let request = try read(bytes, as: method.input)
                        guard name == "FullDuplexCall" else {
                            requests.append(request)
                            continue
                        }
                        if let status = Self.status(of: request) { return ending(status) }
                        try await respond(to: request, as: method.output, writer: writer)
                    }
                    for request in requests { try await respond(to: request, as: method.output, writer: writer) }
                    return ending(nil)
                default:
                    var iterator = call.requests.makeAsyncIterator()
                    let request = try read(try await iterator.next() ?? [], as: method.input)
                    if name == "StreamingOutputCall" {
                        try await respond(to: request, as: method.output, writer: writer)
                        return ending(Self.status(of: request))
                    }
                    if let status = Self.status(of: request) { return ending(status) }
                    let size = request["responseSize"] as? Int ?? 0
                    let reply: [String: Any] =
                        name == "EmptyCall" ? [:] : ["payload": ["body": Data(count: size).base64EncodedString()]]
                    try await writer.write(try encode(reply, as: method.output))
                    return ending(nil)
                }
            } catch let status as GRPCStatus {
                return ending(status)
            } catch {
                return ending(GRPCStatus(code: .cancelled, message: "the call was cancelled"))
            }
        }
    }

    /// Writes the answers `request`'s `response_parameters` ask for, waiting each one's interval first.
    private func respond(to request: [String: Any], as type: MessageDescriptor, writer: GRPCServerReply.Writer)
        async throws
    {
        for parameters in request["responseParameters"] as? [[String: Any]] ?? [] {
            if let interval = parameters["intervalUs"] as? Int, interval > 0 {
                try await Task.sleep(for: .microseconds(interval))
            }
            let size = parameters["size"] as? Int ?? 0
            try await writer.write(try encode(["payload": ["body": Data(count: size).base64EncodedString()]], as: type))
        }
    }

    /// A request as its proto3 JSON, parsed.
    private func read(_ bytes: [UInt8], as type: MessageDescriptor) throws -> [String: Any] {
        let message: DynamicMessage
        do {
            message = try DynamicMessage(binary: bytes, as: type)
        } catch {
            throw GRPCStatus(code: .invalidArgument, message: "not a \(type.fullName): \(error)")
        }
        let json = Data(message.json(.compact).utf8)
        return (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] ?? [:]
    }

    private func encode(_ object: [String: Any], as type: MessageDescriptor) throws -> [UInt8] {
        let json = try JSONSerialization.data(withJSONObject: object)
        do {
            return try DynamicMessage(json: json, as: type).binary()
        } catch {
            throw GRPCStatus(code: .internal, message: "cannot write a \(type.fullName): \(error)")
        }
    }

    /// The status a request's `response_status` asks for, unless OK.
    static func status(of request: [String: Any]) -> GRPCStatus? {
        guard let echo = request["responseStatus"] as? [String: Any], let code = echo["code"] as? Int, code != 0
        else { return nil }
        return GRPCStatus(code: GRPCStatus.Code(rawValue: code), message: echo["message"] as? String ?? "")
    }

    /// The bytes of a base64 `bytes` field as JSON shows it.
    static func bytes(in value: Any?) -> Data {
        (value as? String).flatMap { Data(base64Encoded: $0) } ?? Data()
    }
}
