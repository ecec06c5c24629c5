import Foundation
public import SwiftProtobuf
public import Tern

/// Asks a server what it serves, through gRPC server reflection: `grpc.reflection.v1` first, then
/// `v1alpha` for servers that have only that one (the two are the same on the wire). Every question of
/// one `ServerReflection` goes over one call, as the protocol intends; the call carries `base`'s
/// metadata (a target's auth), TLS settings and deadline.
public struct ServerReflection: Sendable {
    /// What went wrong, in a sentence, with the status the server ended the call with.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The reflection call's status (`unimplemented` when the server offers no reflection).
        public var status: GRPCStatus
        public var description: String

        /// Whether the server offers neither reflection service.
        public var isUnavailable: Bool { status.code == .unimplemented }
    }

    /// The most files one reflection fetches (a descriptor graph bigger than this is refused).
    public static let maximumFiles = 2000

    static let services = ["grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection"]

    let connector: any GRPCConnector
    let base: GRPCCall

    /// Reflection over `connector` for the server of `base` (its url, metadata, TLS and timeout; its
    /// method is replaced).
    public init(connector: any GRPCConnector, base: GRPCCall) {
        self.connector = connector
        self.base = base
    }

    /// The full names of the services the server lists, sorted.
    public func services() async throws(Failure) -> [String] {
        try await converse { session throws(Failure) in
            var request = Grpc_Reflection_V1_ServerReflectionRequest()
            request.listServices = ""
            let response = try await session.ask(request)
            guard case .listServicesResponse(let list)? = response.messageResponse else {
                throw session.unexpected(response, asked: "the list of services")
            }
            return list.service.map(\.name).sorted()
        }
    }

    /// The files that define `symbols` (services, methods, messages, enums) and every file they import,
    /// each once. A symbol the server does not know is an error naming it.
    public func files(defining symbols: [String]) async throws(Failure) -> [Google_Protobuf_FileDescriptorProto] {
        try await converse { session throws(Failure) in
            var files: [String: Google_Protobuf_FileDescriptorProto] = [:]
            var order: [String] = []
            func keep(_ response: Grpc_Reflection_V1_ServerReflectionResponse, asked: String) throws(Failure) {
                guard case .fileDescriptorResponse(let found)? = response.messageResponse else {
                    throw session.unexpected(response, asked: asked)
                }
                for bytes in found.fileDescriptorProto {
                    let file: Google_Protobuf_FileDescriptorProto
                    do {
                        file = try Google_Protobuf_FileDescriptorProto(serializedBytes: bytes)
                    } catch {
                        throw session.failure(
                            .internal, "the server's descriptor for \(asked) is not a file descriptor")
                    }
                    if files[file.name] == nil { order.append(file.name) }
                    files[file.name] = file
                }
            }
            for symbol in symbols {
                var request = Grpc_Reflection_V1_ServerReflectionRequest()
                request.fileContainingSymbol = symbol
                try keep(try await session.ask(request), asked: "'\(symbol)'")
            }
            // Then every import not sent yet, by name, until none is missing.
            var index = 0
            while index < order.count {
                guard order.count <= Self.maximumFiles else {
                    throw session.failure(
                        .resourceExhausted, "the server's descriptors import more than \(Self.maximumFiles) files")
                }
                let file = files[order[index]]
                index += 1
                for dependency in file?.dependency ?? [] where files[dependency] == nil {
                    var request = Grpc_Reflection_V1_ServerReflectionRequest()
                    request.fileByFilename = dependency
                    try keep(try await session.ask(request), asked: "the file '\(dependency)'")
                }
            }
            return order.compactMap { files[$0] }
        }
    }

    /// Every file of every service the server lists (and their imports).
    public func allFiles() async throws(Failure) -> [Google_Protobuf_FileDescriptorProto] {
        try await files(defining: services())
    }

    /// Runs `body` over a reflection call: v1, or v1alpha when the server has no v1.
    private func converse<T: Sendable>(
        _ body: (Session) async throws(Failure) -> T
    ) async throws(Failure) -> T {
        var last: Failure?
        for service in Self.services {
            let session = Session(connector: connector, base: base, service: service)
            do {
                let result = try await body(session)
                await session.end()
                return result
            } catch {
                await session.end()
                guard error.status.code == .unimplemented, await !session.answered else { throw error }
                last = error
            }
        }
        throw last ?? Failure(status: GRPCStatus(code: .unimplemented), description: "no reflection")
    }

    /// One reflection call: questions go out one at a time, each answered before the next.
    actor Session {
        let service: String
        let url: String
        private let requests: AsyncStream<[UInt8]>.Continuation
        private var responses: AsyncStream<[UInt8]>.Iterator
        private let call: Task<GRPCStatus, Never>
        /// Whether the server answered a question on this call (it has this reflection service).
        private(set) var answered = false

        init(connector: any GRPCConnector, base: GRPCCall, service: String) {
            self.service = service
            self.url = base.url.absoluteString
            let (requestStream, requests) = AsyncStream.makeStream(of: [UInt8].self)
            let (responseStream, responses) = AsyncStream.makeStream(of: [UInt8].self)
            self.requests = requests
            self.responses = responseStream.makeAsyncIterator()
            var call = base
            call.method = "\(service)/ServerReflectionInfo"
            self.call = Task {
                let status = await connector.run(call, messages: requestStream) { event in
                    if case .message(let bytes) = event { responses.yield(bytes) }
                }
                responses.finish()
                return status
            }
        }

        func ask(
            _ request: Grpc_Reflection_V1_ServerReflectionRequest
        ) async throws(Failure) -> Grpc_Reflection_V1_ServerReflectionResponse {
            var request = request
            request.host = ""
            let bytes: [UInt8]
            do {
                bytes = try request.serializedBytes()
            } catch {
                throw failure(.internal, "a reflection request could not be encoded")
            }
            requests.yield(bytes)
            var iterator = responses
            let answer = await iterator.next(isolation: self)
            responses = iterator
            guard let answer else {
                let status = await call.value
                throw Failure(status: status, description: Self.sentence(status, service: service, url: url))
            }
            answered = true
            do {
                return try Grpc_Reflection_V1_ServerReflectionResponse(serializedBytes: answer)
            } catch {
                throw failure(.internal, "the server's reflection answer is not a ServerReflectionResponse")
            }
        }

        func end() async {
            requests.finish()
            _ = await call.value
        }

        nonisolated func failure(_ code: GRPCStatus.Code, _ text: String) -> Failure {
            Failure(status: GRPCStatus(code: code, message: text), description: "\(url): reflection: \(text)")
        }

        nonisolated func unexpected(_ response: Grpc_Reflection_V1_ServerReflectionResponse, asked: String) -> Failure {
            if case .errorResponse(let error)? = response.messageResponse {
                let code = GRPCStatus.Code(rawValue: Int(error.errorCode))
                let said = error.errorMessage.isEmpty ? code.name : "\(error.errorMessage) (\(code.name))"
                return Failure(
                    status: GRPCStatus(code: code, message: error.errorMessage),
                    description: "\(url): reflection found no \(asked): \(said)")
            }
            return failure(.internal, "the server answered \(asked) with something else")
        }

        static func sentence(_ status: GRPCStatus, service: String, url: String) -> String {
            let said = status.message.isEmpty ? "" : ": \(status.message)"
            return "\(url): reflection (\(service)) ended with \(status.code.name)\(said)"
        }
    }
}
