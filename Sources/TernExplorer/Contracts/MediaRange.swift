import Foundation
import Tern

/// Media types as an OpenAPI `content` map keys them: exact (`application/json`), a subtype range
/// (`image/*`) or anything (`*/*`).
enum MediaRange {
    /// `Application/JSON; charset=utf-8` → `application/json`.
    static func essence(_ contentType: String) -> String {
        String(contentType.split(separator: ";", maxSplits: 1).first ?? "").trimmingWhitespace()
            .lowercased()
    }

    /// The most specific of `ranges` that `type` (an essence) falls in: exact, then `type/*`, then `*/*`.
    static func best(for type: String, in ranges: [String]) -> String? {
        let keyed = ranges.map { (range: $0, essence: essence($0)) }
        if let exact = keyed.first(where: { $0.essence == type }) { return exact.range }
        let major = type.split(separator: "/").first.map(String.init) ?? type
        if let sub = keyed.first(where: { $0.essence == "\(major)/*" }) { return sub.range }
        return keyed.first { $0.essence == "*/*" }?.range
    }

    /// Whether `type` (an essence) is JSON: `application/json` or a `+json` type.
    static func isJSON(_ type: String) -> Bool {
        type == "application/json" || type.hasSuffix("+json") || type == "text/json"
    }
}
