import FuzzDriver
@_spi(Fuzzing) import TernWebSocket

/// libFuzzer's entry point: the bytes are the server's side of a WebSocket connection after the
/// upgrade (the first byte picks how TCP splits them), decoded into frames as the client's pipeline
/// decodes them and assembled into messages under a 1 MiB limit. A crash, a timeout or an
/// out-of-memory is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    WebSocketFuzzing.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

/// The executable's entry point (see `runLibFuzzer`).
@_cdecl("FuzzWebSocket_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzzOneInput(data, size) }
}
