public import Foundation

/// A warning found while loading: something the loader ignored but the user probably meant.
///
/// Its description is `path:line:column: message`, for example
/// `specs/users/get-user.yaml:3:1: unknown field 'methd' (did you mean 'method'?)`.
public struct WorkspaceDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The file concerned.
    public var file: URL
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// What is wrong, in one sentence.
    public var message: String

    /// Makes a diagnostic.
    public init(file: URL, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    init(file: URL, at location: SourceLocation, message: String) {
        self.init(file: file, line: location.line, column: location.column, message: message)
    }

    /// `path:line:column: message`.
    public var description: String {
        SourceLocation.prefix(file: file, line: line, column: column) + message
    }
}
