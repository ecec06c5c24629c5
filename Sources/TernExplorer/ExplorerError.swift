package import Tern

/// The one error type of `TernExplorer`: a kind, and a message a user can act on.
package struct ExplorerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, compared with `==`.
    package struct Kind: Hashable, Sendable {
        private enum Code: Hashable, Sendable {
            case unknownCommand, usage, noSelection, workspace, request, storage, unsupported
        }

        private let code: Code
        private init(_ code: Code) { self.code = code }

        /// The first word is not a command.
        package static let unknownCommand = Kind(.unknownCommand)
        /// The command's arguments do not fit its usage.
        package static let usage = Kind(.usage)
        /// The command needs a selected spec and there is none.
        package static let noSelection = Kind(.noSelection)
        /// The workspace could not be read, written or resolved (files, specs, variables).
        package static let workspace = Kind(.workspace)
        /// Sending failed: no response (transport failure after retries, cache miss, ...).
        package static let request = Kind(.request)
        /// The cache or history could not be read or written.
        package static let storage = Kind(.storage)
        /// The front end cannot do this (e.g. `body edit` without a terminal).
        package static let unsupported = Kind(.unsupported)
    }

    /// What went wrong.
    package var kind: Kind
    /// A sentence a user can act on.
    package var message: String
    /// The library error underneath, when sending failed.
    package var underlying: TernError?

    /// Makes an error.
    package init(_ kind: Kind, _ message: String, underlying: TernError? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    package var description: String { message }
}
