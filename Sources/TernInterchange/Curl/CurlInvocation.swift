/// What one curl command line asks for, after its options are read (before mapping to a spec).
struct CurlInvocation: Sendable {
    /// One piece of request data from `-d`, `--data-*`, `--data-urlencode` or `--json`.
    enum DataPiece: Sendable, Equatable {
        /// Bytes given on the command line (already URL-encoded for `--data-urlencode`).
        case literal(String)
        /// `@file`: read as is (`--data-binary`, `--json`) or with CR/LF stripped (`-d`, `--data-ascii`).
        case file(path: String, stripNewlines: Bool)
        /// `--data-urlencode [name]@file`: the file's contents URL-encoded, after `name=` when given.
        case encodedFile(name: String?, path: String)
    }

    /// A data piece and whether it came from `--json` (joined without `&`).
    struct DataPart: Sendable, Equatable {
        var piece: DataPiece
        var isJSON: Bool
    }

    /// A `-F` / `--form-string` part.
    struct FormPart: Sendable, Equatable {
        /// Where the part's content comes from.
        enum Content: Sendable, Equatable {
            case value(String)
            /// `@file`: uploaded as a file.
            case file(String)
            /// `<file`: the file's contents as a text value.
            case contents(String)
        }
        var name: String
        var content: Content
        var contentType: String?
        var filename: String?
    }

    /// The URLs, in order (`--url` or bare words).
    var urls: [String] = []
    /// `-X`: the method exactly as written.
    var method: String?
    /// `-H` headers in order (`@file` expanded by the importer).
    var headers: [(name: String, value: String)] = []
    /// `-H @file` references.
    var headerFiles: [String] = []
    /// `-H 'Name:'`: internal headers curl must not send.
    var removedHeaders: [String] = []
    /// Data pieces in order.
    var data: [DataPart] = []
    /// Multipart parts in order.
    var form: [FormPart] = []
    /// `-G`: data goes into the query.
    var dataInQuery = false
    /// `-I`: HEAD.
    var headOnly = false
    /// `-T FILE`.
    var upload: String?
    /// `-u user[:password]`.
    var user: String?
    /// `--digest`: `-u` is sent with Digest rather than Basic authentication.
    var digest = false
    /// `--aws-sigv4 provider1[:provider2[:region[:service]]]`.
    var awsSigV4: String?
    /// `--oauth2-bearer TOKEN`.
    var bearer: String?
    /// `-A`.
    var userAgent: String?
    /// `-e` (without curl's `;auto`).
    var referer: String?
    /// `-r/--range`: the byte range asked for.
    var range: String?
    /// `-b` cookie strings (`a=1; b=2`).
    var cookies: [String] = []
    /// `-b` cookie files.
    var cookieFiles: [String] = []
    /// Options read but not carried over, for warnings (`-k: TLS certificate checks are not skipped`).
    var notCarried: [String] = []
    /// Options curl reads that Tern does not know.
    var unknown: [String] = []
}
