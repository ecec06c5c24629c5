import Foundation
import FuzzDriver
import TernJSONPath

/// The document every expression is also evaluated over: each kind of value, nesting, and strings
/// for `match`/`search` (I-Regexp) to work on.
let fixedDocument = try! JSONPathValue(
    decoding: """
        {"store": {"book": [
          {"category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95},
          {"category": "fiction", "author": "Évelyn Waugh", "title": "Sword of Honour", "price": 12.99,
           "isbn": "0-553-21311-3", "tags": ["war", "satire"]},
          {"category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings",
           "price": 22.99, "isbn": "0-395-19395-8", "available": true, "stock": null}],
         "bicycle": {"color": "red", "price": 399, "sizes": [-1, 0, 1.5e3, 9007199254740993]}},
         "": {"~/": "\\u0000 \\ud83d\\ude00 日本"}, "a": [[[], {}], "a\\nb", false]}
        """)

/// Evaluates `path` over `document` with the default limits and uses every result, as a caller would.
func evaluate(_ path: JSONPath, over document: JSONPathValue) {
    guard let nodes = try? path.select(in: document, limits: .default) else { return }
    for node in nodes.prefix(64) {
        _ = node.value.jsonText
        _ = node.path.description
    }
}

/// libFuzzer's entry point: the bytes up to the first 0x00 are a JSONPath expression (RFC 9535),
/// the rest a JSON document. The expression is parsed and evaluated over a fixed document and over
/// that one, with the default limits. A crash, a timeout or an out-of-memory is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
    let text = String(decoding: bytes[..<split], as: UTF8.self)
    let document = split < bytes.endIndex ? try? JSONPathValue(decoding: Data(bytes[(split + 1)...])) : nil
    let path: JSONPath
    do {
        path = try JSONPath(text)
    } catch {
        _ = "\(error)"  // the message is built for every error, as the CLI would
        return 0
    }
    evaluate(path, over: fixedDocument)
    if let document { evaluate(path, over: document) }
    return 0
}

/// The executable's entry point (see `runLibFuzzer`).
@_cdecl("FuzzJSONPath_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { data, size in fuzzOneInput(data, size) }
}
