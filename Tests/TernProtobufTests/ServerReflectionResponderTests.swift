import Foundation
import SwiftProtobuf
import Testing

@testable import TernProtobuf

/// Server reflection answered from descriptors: the services listed, a symbol's file with its imports, and
/// errors for what is not known or not a request.
@Suite("Server reflection answered from descriptors")
struct ServerReflectionResponderTests {
    static let responder: ServerReflectionResponder = {
        var base = Google_Protobuf_FileDescriptorProto()
        base.name = "base.proto"
        base.package = "pkg"
        var request = Google_Protobuf_DescriptorProto()
        request.name = "Request"
        var inner = Google_Protobuf_DescriptorProto()
        inner.name = "Inner"
        request.nestedType = [inner]
        base.messageType = [request]
        var service = Google_Protobuf_FileDescriptorProto()
        service.name = "service.proto"
        service.package = "pkg"
        service.dependency = ["base.proto"]
        var svc = Google_Protobuf_ServiceDescriptorProto()
        svc.name = "Svc"
        var call = Google_Protobuf_MethodDescriptorProto()
        call.name = "Call"
        call.inputType = ".pkg.Request"
        call.outputType = ".pkg.Request"
        svc.method = [call]
        service.service = [svc]
        return ServerReflectionResponder(services: ["pkg.Svc"], files: [service, base])
    }()

    func ask(_ configure: (inout Grpc_Reflection_V1_ServerReflectionRequest) -> Void) throws
        -> Grpc_Reflection_V1_ServerReflectionResponse
    {
        var request = Grpc_Reflection_V1_ServerReflectionRequest()
        configure(&request)
        let bytes: [UInt8] = try request.serializedBytes()
        return try Grpc_Reflection_V1_ServerReflectionResponse(serializedBytes: Self.responder.answer(bytes))
    }

    func fileNames(_ response: Grpc_Reflection_V1_ServerReflectionResponse) throws -> [String] {
        guard case .fileDescriptorResponse(let found)? = response.messageResponse else { return [] }
        return try found.fileDescriptorProto.map { try Google_Protobuf_FileDescriptorProto(serializedBytes: $0).name }
    }

    @Test("list_services names the services given and the reflection service, sorted")
    func listServices() throws {
        let response = try ask { $0.listServices = "" }
        guard case .listServicesResponse(let list)? = response.messageResponse else {
            Issue.record("\(response)")
            return
        }
        #expect(list.service.map(\.name) == ["grpc.reflection.v1.ServerReflection", "pkg.Svc"])
    }

    @Test("a service, a method and a nested message: the file that defines it, then its imports")
    func symbols() throws {
        #expect(try fileNames(ask { $0.fileContainingSymbol = "pkg.Svc" }) == ["service.proto", "base.proto"])
        #expect(try fileNames(ask { $0.fileContainingSymbol = "pkg.Svc.Call" }) == ["service.proto", "base.proto"])
        #expect(try fileNames(ask { $0.fileContainingSymbol = "pkg.Request.Inner" }) == ["base.proto"])
        #expect(try fileNames(ask { $0.fileByFilename = "base.proto" }) == ["base.proto"])
    }

    @Test("an unknown symbol is NOT_FOUND; bytes that are no request are INVALID_ARGUMENT")
    func errors() throws {
        let unknown = try ask { $0.fileContainingSymbol = "pkg.Nope" }
        guard case .errorResponse(let error)? = unknown.messageResponse else {
            Issue.record("\(unknown)")
            return
        }
        #expect(error.errorCode == 5)
        let garbage = try Grpc_Reflection_V1_ServerReflectionResponse(
            serializedBytes: Self.responder.answer([0x0a, 0xff, 0xff]))
        guard case .errorResponse(let invalid)? = garbage.messageResponse else {
            Issue.record("\(garbage)")
            return
        }
        #expect(invalid.errorCode == 3)
    }
}
