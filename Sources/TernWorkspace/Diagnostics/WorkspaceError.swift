public import Foundation

/// The one error type of `TernWorkspace`: a kind, a message a user can act on, and where in which file.
///
/// Its description is `path:line:column: message` (the path relative to the current directory
/// when the file is under it), the format editors and terminals turn into links.
public struct WorkspaceError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, compared with `==` (`error.kind == .undefinedVariable`).
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Code: String, Hashable, Sendable {
            case notAWorkspace = "not a workspace"
            case syntax = "YAML syntax error"
            case invalidValue = "invalid value"
            case missingField = "missing field"
            case unknownTarget = "unknown target"
            case unknownSpec = "unknown spec"
            case ambiguousSpec = "ambiguous spec name"
            case unknownEnvironment = "unknown environment"
            case undefinedVariable = "undefined variable"
            case invalidRequest = "invalid request"
            case io = "file error"
        }

        private let code: Code
        private init(_ code: Code) { self.code = code }

        /// The folder has no `workspace.yaml`.
        public static let notAWorkspace = Kind(.notAWorkspace)
        /// A file is not well-formed YAML (or not UTF-8).
        public static let syntax = Kind(.syntax)
        /// A field has the wrong type or a value outside the allowed set.
        public static let invalidValue = Kind(.invalidValue)
        /// A required field is absent.
        public static let missingField = Kind(.missingField)
        /// A spec names a target the workspace does not define.
        public static let unknownTarget = Kind(.unknownTarget)
        /// No spec has the name asked for.
        public static let unknownSpec = Kind(.unknownSpec)
        /// A file name matches more than one spec.
        public static let ambiguousSpec = Kind(.ambiguousSpec)
        /// The environment asked for has no file.
        public static let unknownEnvironment = Kind(.unknownEnvironment)
        /// A `{{name}}` or `{{env:NAME}}` has no value.
        public static let undefinedVariable = Kind(.undefinedVariable)
        /// The templated spec does not make a valid request (URL, header name, body file).
        public static let invalidRequest = Kind(.invalidRequest)
        /// A file could not be read or written.
        public static let io = Kind(.io)

        /// The kind in words (`undefined variable`).
        public var description: String { code.rawValue }
    }

    /// What went wrong.
    public var kind: Kind
    /// A sentence a user can act on.
    public var message: String
    /// The file concerned, when there is one.
    public var file: URL?
    /// The 1-based line in `file`, when known.
    public var line: Int?
    /// The 1-based column in `file`, when known.
    public var column: Int?
    /// Close matches offered to the user (spec ids, field names, environments).
    public var suggestions: [String]
    /// The error underneath (from Yams, the file system or the core).
    public var underlying: (any Error)?

    /// Makes an error of `kind` with a message and optional position.
    public init(
        _ kind: Kind,
        _ message: String,
        file: URL? = nil,
        line: Int? = nil,
        column: Int? = nil,
        suggestions: [String] = [],
        underlying: (any Error)? = nil
    ) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.suggestions = suggestions
        self.underlying = underlying
    }

    init(_ kind: Kind, _ message: String, file: URL, at location: SourceLocation?, suggestions: [String] = []) {
        self.init(kind, message, file: file, line: location?.line, column: location?.column, suggestions: suggestions)
    }

    /// `path:line:column: message`, or fewer parts when the position is unknown.
    public var description: String {
        guard let file else { return message }
        return SourceLocation.prefix(file: file, line: line, column: column) + message
    }
}
