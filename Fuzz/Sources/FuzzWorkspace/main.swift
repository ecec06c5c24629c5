@_spi(Fuzzing) import TernWorkspace

/// libFuzzer's entry point: the first byte picks the reader (spec, manifest, environment,
/// template), the rest is the text. A crash, a timeout or an out-of-memory is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    WorkspaceFuzzing.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
