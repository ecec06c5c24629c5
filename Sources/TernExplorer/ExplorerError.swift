import Tern

/// The one error type of `TernExplorer`: a kind, and a message a user can act on.
public struct ExplorerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, compared with `==`.
    public struct Kind: Hashable, Sendable {
        private enum Code: Hashable, Sendable {
            case unknownCommand, usage, noSelection, workspace, request, storage, unsupported
        }

        private let code: Code
        private init(_ code: Code) { self.code = code }

        /// The first word is not a command.
        public static let unknownCommand = Kind(.unknownCommand)
        /// The command's arguments do not fit its usage.
        public static let usage = Kind(.usage)
        /// The command needs a selected spec and there is none.
        public static let noSelection = Kind(.noSelection)
        /// The workspace could not be read, written or resolved (files, specs, variables).
        public static let workspace = Kind(.workspace)
        /// Sending failed: no response (transport failure after retries, cache miss, ...).
        public static let request = Kind(.request)
        /// The cache or history could not be read or written.
        public static let storage = Kind(.storage)
        /// The front end cannot do this (e.g. `body edit` without a terminal).
        public static let unsupported = Kind(.unsupported)
    }

    /// What went wrong.
    public var kind: Kind
    /// A sentence a user can act on.
    public var message: String
    /// The library error underneath, when sending failed.
    public var underlying: TernError?

    /// Makes an error.
    public init(_ kind: Kind, _ message: String, underlying: TernError? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    public var description: String { message }
}
