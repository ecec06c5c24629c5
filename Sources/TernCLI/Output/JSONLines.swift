import Foundation
import TernJSONPath

/// Writes JSON with keys in the order given (the `--events json` and `--json` outputs of docs/cli.md).
enum JSONLines {
    /// A JSON value.
    enum Value {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case null
        /// Text already known to be one line of valid JSON, written as it is.
        case json(String)
    }

    /// `{"k":v,...}` on one line.
    static func object(_ fields: [(String, Value)]) -> String {
        "{" + fields.map { "\(quote($0.0)):\(render($0.1))" }.joined(separator: ",") + "}"
    }

    /// `[{...},...]` on one line.
    static func array(_ objects: [[(String, Value)]]) -> String {
        "[" + objects.map(object).joined(separator: ",") + "]"
    }

    static func render(_ value: Value) -> String {
        switch value {
        case .string(let text): quote(text)
        case .int(let number): String(number)
        case .double(let number): number.isFinite ? String(format: "%.6g", number) : "null"
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .json(let text): text
        }
    }

    /// `text` as a JSON string literal (TernJSONPath's one encoder of strings).
    static func quote(_ text: String) -> String {
        JSONPathValue.string(text).jsonText
    }
}
