import Foundation
public import SwiftProtobuf

/// Answers gRPC server reflection's questions (`grpc.reflection.v1` and `v1alpha`, the same on the wire)
/// from descriptors: the services it lists, and the file that defines a symbol or has a name, with every
/// file it imports. Pure: one request message's bytes in, one response message's bytes out, so a server
/// answers each message of a reflection call as it comes.
public struct ServerReflectionResponder: Sendable {
    /// The reflection services' full names.
    public static let services = ServerReflection.services
    /// The method each reflection service answers on.
    public static let methods = services.map { "\($0)/ServerReflectionInfo" }

    private let listed: [String]
    private let files: [String: Google_Protobuf_FileDescriptorProto]
    /// Each symbol's file: packages' messages (nested too), enums, services and their methods.
    private let definedIn: [String: String]

    /// A responder listing `services` (sorted, with the reflection service) and describing `files`.
    public init(services: [String], files: [Google_Protobuf_FileDescriptorProto]) {
        listed = Array(Set(services + [Self.services[0]])).sorted()
        var byName: [String: Google_Protobuf_FileDescriptorProto] = [:]
        var symbols: [String: String] = [:]
        for file in files where byName[file.name] == nil {
            byName[file.name] = file
            let prefix = file.package.isEmpty ? "" : file.package + "."
            func messages(_ list: [Google_Protobuf_DescriptorProto], in scope: String) {
                for message in list {
                    let name = scope + message.name
                    symbols[name] = file.name
                    for item in message.enumType { symbols[name + "." + item.name] = file.name }
                    messages(message.nestedType, in: name + ".")
                }
            }
            messages(file.messageType, in: prefix)
            for item in file.enumType { symbols[prefix + item.name] = file.name }
            for service in file.service {
                symbols[prefix + service.name] = file.name
                for method in service.method { symbols[prefix + service.name + "." + method.name] = file.name }
            }
        }
        self.files = byName
        definedIn = symbols
    }

    /// The response to one request message (an error response when it is not one, or asks what is not
    /// known).
    public func answer(_ request: [UInt8]) -> [UInt8] {
        var response = Grpc_Reflection_V1_ServerReflectionResponse()
        guard let question = try? Grpc_Reflection_V1_ServerReflectionRequest(serializedBytes: request) else {
            response.errorResponse = Self.error(3, "the request is not a ServerReflectionRequest")
            return Self.bytes(response)
        }
        response.validHost = question.host
        response.originalRequest = question
        switch question.messageRequest {
        case .listServices?:
            var list = Grpc_Reflection_V1_ListServiceResponse()
            list.service = listed.map {
                var service = Grpc_Reflection_V1_ServiceResponse()
                service.name = $0
                return service
            }
            response.listServicesResponse = list
        case .fileContainingSymbol(let symbol)?:
            if let file = definedIn[symbol] {
                response.fileDescriptorResponse = closure(of: file)
            } else {
                response.errorResponse = Self.error(5, "symbol not found: \(symbol)")
            }
        case .fileByFilename(let name)?:
            if files[name] != nil {
                response.fileDescriptorResponse = closure(of: name)
            } else {
                response.errorResponse = Self.error(5, "file not found: \(name)")
            }
        case .fileContainingExtension?, .allExtensionNumbersOfType?, nil:
            response.errorResponse = Self.error(12, "extensions are not served")
        }
        return Self.bytes(response)
    }

    /// The file `name` and every file it imports, each once, the file first.
    private func closure(of name: String) -> Grpc_Reflection_V1_FileDescriptorResponse {
        var found = Grpc_Reflection_V1_FileDescriptorResponse()
        var seen: Set<String> = []
        var pending = [name]
        while let next = pending.popLast(), found.fileDescriptorProto.count < ServerReflection.maximumFiles {
            guard seen.insert(next).inserted, let file = files[next] else { continue }
            if let bytes: Data = try? file.serializedBytes() { found.fileDescriptorProto.append(bytes) }
            pending += file.dependency.reversed()
        }
        return found
    }

    private static func error(_ code: Int32, _ message: String) -> Grpc_Reflection_V1_ErrorResponse {
        var error = Grpc_Reflection_V1_ErrorResponse()
        error.errorCode = code
        error.errorMessage = message
        return error
    }

    private static func bytes(_ response: Grpc_Reflection_V1_ServerReflectionResponse) -> [UInt8] {
        (try? response.serializedBytes()) ?? []
    }
}
