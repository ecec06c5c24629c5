import Foundation

/// How the explorer's own files in `.tern/` (captured values, cookies) are written: JSON with sorted
/// keys, pretty-printed so a diff reads, dates in ISO 8601.
enum StateFileJSON {
    /// The decoder for those files.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// The encoder for those files.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return encoder
    }
}
