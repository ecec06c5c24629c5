@_spi(Fuzzing) import TernWorkspace

/// libFuzzer's entry point: the first byte picks the reader (spec, manifest, environment,
/// template), the rest is the text. A crash, a timeout or an out-of-memory is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    WorkspaceFuzzing.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

/// libFuzzer's driver, which its own `main` calls.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The executable's entry point. SwiftPM links an executable target's `main` to
/// `<Module>_main`, which `-parse-as-library` leaves undefined: this is it, and it runs
/// libFuzzer's driver exactly as libFuzzer's own `main` would.
@_cdecl("FuzzWorkspace_main")
public func fuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
