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
    /// Where in the spec's body text the error is (a GraphQL operation the check refused), for a face to
    /// mark there.
    package var places: [BodyPlace] = []

    /// Makes an error.
    package init(_ kind: Kind, _ message: String, underlying: TernError? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    package var description: String { message }
}

/// A place in a spec's body text (the text the editor shows) and what is wrong there.
package struct BodyPlace: Sendable, Hashable {
    /// The spec whose body it is in.
    package var spec: String
    /// The line, from 1, and the column in it, from 1.
    package var line: Int
    package var column: Int
    package var message: String
}
