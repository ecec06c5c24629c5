public import Foundation
public import HTTPTypes

/// Where a stored answer held secret values when it was stored: which of its fields, which byte
/// ranges of its body. The answer itself is kept as the server sent it; the marks let an export mask
/// those secrets later, even when the values are no longer known (the `{{env:…}}` variable unset).
public struct SecretMarks: Sendable, Hashable, Codable {
    /// The positions (in order) of the header fields whose values held a secret.
    public var fields: [Int]
    /// The byte ranges of the body that held a secret, as `[offset, length]` pairs.
    public var body: [[Int]]

    /// The most ranges kept for one body: an answer with more is masked from the first on.
    public static let maximumRanges = 1_024

    /// Marks the fields at `fields` and the body ranges `body`.
    public init(fields: [Int] = [], body: [[Int]] = []) {
        self.fields = fields
        self.body = body
    }

    /// Whether nothing is marked.
    public var isEmpty: Bool { fields.isEmpty && body.isEmpty }

    /// `headers` with each marked field's value masked.
    public func masking(_ headers: HTTPFields) -> HTTPFields {
        guard !fields.isEmpty else { return headers }
        let marked = Set(fields)
        var masked = HTTPFields()
        for (index, field) in headers.enumerated() {
            masked.append(HTTPField(name: field.name, value: marked.contains(index) ? Redactor.mask : field.value))
        }
        return masked
    }

    /// `data` with each marked range replaced by the mask (ranges outside `data` are ignored; past
    /// `maximumRanges`, everything after the last kept range is masked too).
    public func masking(body data: Data) -> Data {
        guard !body.isEmpty else { return data }
        var result = Data()
        var position = 0
        let bytes = [UInt8](data)
        for pair in body.sorted(by: { ($0.first ?? 0) < ($1.first ?? 0) }) {
            guard pair.count == 2, pair[0] >= position, pair[1] > 0, pair[0] <= bytes.count - pair[1] else { continue }
            result.append(contentsOf: bytes[position..<pair[0]])
            result.append(contentsOf: Redactor.mask.utf8)
            position = pair[0] + pair[1]
        }
        if body.count >= Self.maximumRanges, position < bytes.count {
            result.append(contentsOf: Redactor.mask.utf8)
            return result
        }
        result.append(contentsOf: bytes[position...])
        return result
    }
}

extension Redactor {
    /// Where the secret values this redactor knows occur, in any of their encodings, in an answer's
    /// fields and in-memory text body; `nil` when nowhere.
    public func marks(headers: HTTPFields, body: Data) -> SecretMarks? {
        guard hasSecretValues else { return nil }
        var marks = SecretMarks()
        for (index, field) in headers.enumerated() where redact(field.value) != field.value {
            marks.fields.append(index)
        }
        if !body.isEmpty, String(data: body, encoding: .utf8) != nil {
            marks.body = secretRanges(in: body, limit: SecretMarks.maximumRanges).map { [$0.lowerBound, $0.count] }
        }
        return marks.isEmpty ? nil : marks
    }
}
