import FuzzDriver
@_spi(Fuzzing) import TernInterchange

/// libFuzzer's entry point: the first byte picks the importer (curl, OpenAPI, Postman, Insomnia,
/// HAR, .http), the rest is the source; what imports is planned as `tern import --dry-run` plans it.
/// A crash, a timeout or an out-of-memory is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    ImportFuzzing.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

/// The executable's entry point (see `runLibFuzzer`).
@_cdecl("FuzzImport_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzzOneInput(data, size) }
}
