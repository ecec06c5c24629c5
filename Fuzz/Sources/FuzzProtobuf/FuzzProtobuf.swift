import FuzzDriver
@_spi(Fuzzing) import TernProtobuf

/// libFuzzer's entry point: after a first byte that picks the reader (even: a descriptor set, whose
/// first message type then reads the same bytes as binary and JSON; odd: a message of a fixed schema
/// with every field kind and the well-known types, its own first byte picking binary or JSON), the
/// bytes go through Tern's protobuf codec. A crash, a timeout or an out-of-memory is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let rest = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    if data[0] % 2 == 0 {
        ProtobufFuzzing.descriptorSet(rest)
    } else {
        ProtobufFuzzing.message(rest)
    }
    return 0
}

/// The executable's entry point (see `runLibFuzzer`).
@_cdecl("FuzzProtobuf_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzzOneInput(data, size) }
}
