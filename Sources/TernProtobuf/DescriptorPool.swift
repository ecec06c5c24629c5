public import SwiftProtobuf

/// The message, enum and service types of a set of `.proto` files (from a `.protoset`, server
/// reflection or protoc), resolved and checked once; immutable afterwards.
public final class DescriptorPool: Sendable {
    /// The files, in the order given (identical duplicates dropped).
    public let files: [Google_Protobuf_FileDescriptorProto]
    /// Every service, sorted by full name.
    public let services: [ServiceDescriptor]
    /// Every service, method (`pkg.Svc.Method`), message and enum full name, sorted (the synthetic
    /// entry types of map fields left out).
    public let symbols: [String]
    let schema: Schema
    private let serviceIndex: [String: Int]

    /// The files of a `FileDescriptorSet` (a `.protoset` file, `protoc --descriptor_set_out`).
    public convenience init(fileSet: Google_Protobuf_FileDescriptorSet) throws(ProtobufError) {
        try self.init(files: fileSet.file)
    }

    /// Files in any order; every import and every type reference must resolve inside them.
    public init(files: [Google_Protobuf_FileDescriptorProto]) throws(ProtobufError) {
        var builder = PoolBuilder()
        try builder.add(files)
        let schema = try builder.resolve()
        let services = try builder.services(schema: schema)
        self.files = builder.files
        self.schema = schema
        self.services = services
        var serviceIndex: [String: Int] = [:]
        for (i, service) in services.enumerated() { serviceIndex[service.fullName] = i }
        self.serviceIndex = serviceIndex
        // Map entry types are left out: nobody writes them, they would only crowd completion.
        var symbols = schema.messages.filter { !$0.isMapEntry }.map(\.fullName) + Array(schema.enumIndex.keys)
        for service in services {
            symbols.append(service.fullName)
            symbols += service.methods.map(\.fullName)
        }
        self.symbols = symbols.sorted()
    }

    /// The service `pkg.Svc` (a leading dot is ignored).
    public func service(named fullName: String) -> ServiceDescriptor? {
        serviceIndex[Self.trimmed(fullName)].map { services[$0] }
    }

    /// The message type `pkg.Msg` (a leading dot is ignored).
    public func message(named fullName: String) -> MessageDescriptor? {
        schema.messageIndex[Self.trimmed(fullName)].map { MessageDescriptor(schema: schema, index: $0) }
    }

    /// The enum type `pkg.Enum` (a leading dot is ignored).
    public func enumType(named fullName: String) -> EnumDescriptor? {
        schema.enumIndex[Self.trimmed(fullName)].map { EnumDescriptor(schema: schema, index: $0) }
    }

    /// The method `pkg.Svc/Method`, `/pkg.Svc/Method` or `pkg.Svc.Method`.
    public func method(named path: String) -> MethodDescriptor? {
        var text = Substring(path)
        if text.hasPrefix("/") { text = text.dropFirst() }
        let separator = text.lastIndex(of: "/") ?? text.lastIndex(of: ".")
        guard let separator else { return nil }
        let serviceName = String(text[..<separator])
        let methodName = String(text[text.index(after: separator)...])
        return service(named: serviceName)?.methods.first { $0.name == methodName }
    }

    private static func trimmed(_ name: String) -> String {
        name.hasPrefix(".") ? String(name.dropFirst()) : name
    }
}

/// Registers every type of the files, then resolves the references between them.
private struct PoolBuilder {
    struct PendingMessage {
        var proto: Google_Protobuf_DescriptorProto
        var fullName: String
        var file: Google_Protobuf_FileDescriptorProto
    }

    var files: [Google_Protobuf_FileDescriptorProto] = []
    var messages: [PendingMessage] = []
    var enums: [EnumData] = []
    var messageIndex: [String: Int] = [:]
    var enumIndex: [String: Int] = [:]
    var symbolFile: [String: String] = [:]

    mutating func add(_ input: [Google_Protobuf_FileDescriptorProto]) throws(ProtobufError) {
        var byName: [String: Google_Protobuf_FileDescriptorProto] = [:]
        for file in input {
            if let earlier = byName[file.name] {
                if earlier == file { continue }
                throw ProtobufError("the file \(file.name) is given twice, with different contents")
            }
            byName[file.name] = file
            files.append(file)
        }
        for file in files {
            for dependency in file.dependency where byName[dependency] == nil {
                throw ProtobufError("\(file.name) imports \(dependency), which is not among the descriptor's files")
            }
            let package = file.package
            for message in file.messageType {
                try register(message, prefix: package, file: file)
            }
            for enumProto in file.enumType {
                try register(enumProto, prefix: package, file: file)
            }
            for service in file.service {
                try claim(join(package, service.name), file: file)
            }
        }
    }

    private func join(_ prefix: String, _ name: String) -> String {
        prefix.isEmpty ? name : prefix + "." + name
    }

    private mutating func claim(_ fullName: String, file: Google_Protobuf_FileDescriptorProto) throws(ProtobufError) {
        if let other = symbolFile[fullName] {
            throw ProtobufError("\(file.name): \(fullName) is already defined in \(other)")
        }
        symbolFile[fullName] = file.name
    }

    private mutating func register(
        _ message: Google_Protobuf_DescriptorProto, prefix: String, file: Google_Protobuf_FileDescriptorProto
    ) throws(ProtobufError) {
        let fullName = join(prefix, message.name)
        try claim(fullName, file: file)
        messageIndex[fullName] = messages.count
        messages.append(PendingMessage(proto: message, fullName: fullName, file: file))
        for nested in message.nestedType {
            try register(nested, prefix: fullName, file: file)
        }
        for nested in message.enumType {
            try register(nested, prefix: fullName, file: file)
        }
    }

    private mutating func register(
        _ proto: Google_Protobuf_EnumDescriptorProto, prefix: String, file: Google_Protobuf_FileDescriptorProto
    ) throws(ProtobufError) {
        let fullName = join(prefix, proto.name)
        try claim(fullName, file: file)
        let closed: Bool
        switch Self.syntax(of: file) {
        case .proto2: closed = true
        case .proto3: closed = false
        case .editions:
            let features = proto.options.features.hasEnumType ? proto.options.features : file.options.features
            closed = features.enumType == .closed
        }
        if proto.value.isEmpty {
            throw ProtobufError("\(file.name): the enum \(fullName) has no values")
        }
        enumIndex[fullName] = enums.count
        let values = proto.value.map { (name: $0.name, number: $0.number) }
        enums.append(EnumData(fullName: fullName, name: proto.name, values: values, isClosed: closed))
    }

    static func syntax(of file: Google_Protobuf_FileDescriptorProto) -> ProtobufSyntax {
        switch file.syntax {
        case "proto3": .proto3
        case "editions": .editions
        default: .proto2
        }
    }

    enum Resolved {
        case message(Int)
        case enumType(Int)
    }

    /// A type name as a field or method writes it: `.pkg.Msg` is absolute, anything else is looked
    /// up from the innermost scope outwards, as protoc does.
    func lookUp(_ name: String, scope: String) -> Resolved? {
        func find(_ fullName: String) -> Resolved? {
            if let index = messageIndex[fullName] { return .message(index) }
            if let index = enumIndex[fullName] { return .enumType(index) }
            return nil
        }
        if name.hasPrefix(".") { return find(String(name.dropFirst())) }
        var scope = Substring(scope)
        while true {
            let candidate = scope.isEmpty ? name : scope + "." + name
            if let found = find(candidate) { return found }
            guard !scope.isEmpty else { return nil }
            if let dot = scope.lastIndex(of: ".") {
                scope = scope[..<dot]
            } else {
                scope = ""
            }
        }
    }

    func resolve() throws(ProtobufError) -> Schema {
        var built: [MessageData] = []
        built.reserveCapacity(messages.count)
        for (owner, pending) in messages.enumerated() {
            let proto = pending.proto
            let syntax = Self.syntax(of: pending.file)
            var fields: [FieldData] = []
            var numbers: Set<Int32> = []
            for field in proto.field {
                let data = try self.field(field, owner: owner, in: pending, syntax: syntax)
                guard numbers.insert(data.number).inserted else {
                    throw ProtobufError(
                        "\(pending.file.name): \(pending.fullName).\(field.name) reuses the field number \(data.number)"
                    )
                }
                fields.append(data)
            }
            built.append(
                MessageData(
                    fullName: pending.fullName, name: proto.name, fileName: pending.file.name, syntax: syntax,
                    fields: fields, oneofs: proto.oneofDecl.map(\.name), isMapEntry: proto.options.mapEntry))
        }
        return Schema(messages: built, enums: enums, messageIndex: messageIndex, enumIndex: enumIndex)
    }

    private func field(
        _ proto: Google_Protobuf_FieldDescriptorProto, owner: Int, in pending: PendingMessage, syntax: ProtobufSyntax
    ) throws(ProtobufError) -> FieldData {
        let place = "\(pending.file.name): field \(pending.fullName).\(proto.name)"
        guard proto.number >= 1, proto.number <= 536_870_911 else {
            throw ProtobufError("\(place) has the number \(proto.number), outside 1…536870911")
        }
        var type = proto.hasType ? FieldDescriptor.FieldType(rawValue: proto.type.rawValue) : nil
        var message: Int?
        var enumIndex: Int?
        if !proto.typeName.isEmpty || type == .message || type == .group || type == .enum {
            switch lookUp(proto.typeName, scope: pending.fullName) {
            case .message(let index)? where type == nil || type == .message || type == .group:
                message = index
                if type == nil { type = .message }
            case .enumType(let index)? where type == nil || type == .enum:
                enumIndex = index
                type = .enum
            case nil:
                throw ProtobufError("\(place) refers to the type \(proto.typeName), which is not defined")
            default:
                throw ProtobufError("\(place) refers to \(proto.typeName), which is not a \(type?.protoName ?? "type")")
            }
        }
        guard var type else { throw ProtobufError("\(place) has no valid type") }
        let fieldFeatures = proto.options.features
        let fileFeatures = pending.file.options.features
        let isRepeated = proto.label == .repeated
        var isRequired = proto.label == .required
        var hasPresence: Bool
        var isPacked = false
        switch syntax {
        case .proto3:
            hasPresence = !isRepeated && (type == .message || type == .group || proto.hasOneofIndex)
            if isRepeated, type.isPackable { isPacked = proto.options.hasPacked ? proto.options.packed : true }
        case .proto2:
            hasPresence = !isRepeated
            if isRepeated, type.isPackable { isPacked = proto.options.packed }
        case .editions:
            let presence =
                fieldFeatures.hasFieldPresence ? fieldFeatures.fieldPresence : fileFeatures.fieldPresence
            hasPresence = !isRepeated && (presence != .implicit || type == .message || proto.hasOneofIndex)
            if presence == .legacyRequired { isRequired = true }
            let encoding =
                fieldFeatures.hasRepeatedFieldEncoding
                ? fieldFeatures.repeatedFieldEncoding : fileFeatures.repeatedFieldEncoding
            if isRepeated, type.isPackable { isPacked = encoding != .expanded }
            let delimited =
                fieldFeatures.hasMessageEncoding ? fieldFeatures.messageEncoding : fileFeatures.messageEncoding
            if type == .message, delimited == .delimited { type = .group }
        }
        var oneofIndex: Int?
        if proto.hasOneofIndex {
            guard proto.oneofIndex >= 0, Int(proto.oneofIndex) < pending.proto.oneofDecl.count else {
                throw ProtobufError("\(place) names the oneof #\(proto.oneofIndex), which is not declared")
            }
            if !proto.proto3Optional { oneofIndex = Int(proto.oneofIndex) }
            hasPresence = true
        }
        if proto.proto3Optional { hasPresence = true }
        let isMap = isRepeated && type == .message && message.map { messages[$0].proto.options.mapEntry } == true
        return FieldData(
            owner: owner, name: proto.name,
            jsonName: proto.hasJsonName ? proto.jsonName : WellKnownText.jsonName(proto.name),
            number: proto.number, type: type, isRepeated: isRepeated, isRequired: isRequired, isPacked: isPacked,
            hasPresence: hasPresence, oneofIndex: oneofIndex,
            defaultValue: proto.hasDefaultValue ? proto.defaultValue : nil, typeName: proto.typeName,
            message: message, enumIndex: enumIndex, isMap: isMap)
    }

    func services(schema: Schema) throws(ProtobufError) -> [ServiceDescriptor] {
        var result: [ServiceDescriptor] = []
        for file in files {
            for service in file.service {
                let fullName = join(file.package, service.name)
                var methods: [MethodDescriptor] = []
                for method in service.method {
                    let place = "\(file.name): rpc \(fullName).\(method.name)"
                    guard case .message(let input)? = lookUp(method.inputType, scope: fullName) else {
                        throw ProtobufError("\(place) takes \(method.inputType), which is not a defined message")
                    }
                    guard case .message(let output)? = lookUp(method.outputType, scope: fullName) else {
                        throw ProtobufError("\(place) returns \(method.outputType), which is not a defined message")
                    }
                    methods.append(
                        MethodDescriptor(
                            name: method.name, fullName: fullName + "." + method.name,
                            path: "/" + fullName + "/" + method.name,
                            input: MessageDescriptor(schema: schema, index: input),
                            output: MessageDescriptor(schema: schema, index: output),
                            clientStreaming: method.clientStreaming, serverStreaming: method.serverStreaming))
                }
                result.append(
                    ServiceDescriptor(fullName: fullName, name: service.name, fileName: file.name, methods: methods))
            }
        }
        return result.sorted { $0.fullName < $1.fullName }
    }
}
