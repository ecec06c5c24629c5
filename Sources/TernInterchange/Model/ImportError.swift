/// Why a source could not be read: `tern import` exits 2 and writes nothing.
package struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for a person.
    package var message: String
    /// Where: `file:line:column` for text, or a JSON pointer (`#/paths/~1users/get`) for documents.
    package var location: String?
    /// The document's keys down to the failure, when a decoder says (what `OpenAPILeniency` repairs).
    var codingPath: [String]?
    /// The problem without its location.
    var problem: String = ""

    /// Makes an error.
    package init(_ message: String, at location: String? = nil) {
        self.message = message
        self.location = location
        problem = message
    }

    /// `location: message`, or the message alone.
    package var description: String {
        guard let location else { return message }
        return "\(location): \(message)"
    }
}
