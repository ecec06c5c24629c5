import ArgumentParser

/// The typed-request commands (`tern get URL`, …), one `AdHocCommand` per row of the table below.
enum AdHocMethods {
    /// A row of the table: the method a command sends and the line its help gives.
    protocol Method {
        /// The method, upper case: the command is its lower case, with it as an alias. Nil for
        /// `tern request URL` (what `tern URL` runs), hidden, where the items choose GET or POST.
        static var name: String? { get }
        /// The command's one-line help.
        static var abstract: String { get }
    }

    /// The commands, in the order `tern --help` lists them.
    static var commands: [any ParsableCommand.Type] {
        [
            AdHocCommand<Get>.self, AdHocCommand<Head>.self, AdHocCommand<Post>.self, AdHocCommand<Put>.self,
            AdHocCommand<Patch>.self, AdHocCommand<Delete>.self, AdHocCommand<Options>.self,
            AdHocCommand<Request>.self,
        ]
    }

    enum Get: Method {
        static let name: String? = "GET"
        static let abstract = "Send a GET to a URL typed here, with HTTPie's request items."
    }

    enum Head: Method {
        static let name: String? = "HEAD"
        static let abstract = "Send a HEAD to a URL typed here."
    }

    enum Post: Method {
        static let name: String? = "POST"
        static let abstract = "Send a POST to a URL typed here, its body from the items."
    }

    enum Put: Method {
        static let name: String? = "PUT"
        static let abstract = "Send a PUT to a URL typed here, its body from the items."
    }

    enum Patch: Method {
        static let name: String? = "PATCH"
        static let abstract = "Send a PATCH to a URL typed here, its body from the items."
    }

    enum Delete: Method {
        static let name: String? = "DELETE"
        static let abstract = "Send a DELETE to a URL typed here."
    }

    enum Options: Method {
        static let name: String? = "OPTIONS"
        static let abstract = "Send an OPTIONS to a URL typed here."
    }

    enum Request: Method {
        static let name: String? = nil
        static let abstract = "Send a request to a URL typed here: GET, or POST when items give data."
    }
}
