/// One thing the benchmark measures, run alone in a fresh process.
enum Scenario: String, CaseIterable, Sendable {
    case downloadHandler = "download-handler"
    case downloadAHC = "download-ahc"
    case downloadCurl = "download-curl"
    case downloadURLSession = "download-urlsession"
    case uploadHandler = "upload-handler"
    case uploadAHC = "upload-ahc"
    case uploadCurl = "upload-curl"
    case uploadURLSession = "upload-urlsession"
    case gets
    case getsURLSession = "gets-urlsession"

    /// What a scenario moves, which decides its unit and its baseline.
    enum Group: Sendable {
        case download
        case upload
        case gets
    }

    /// Download, upload or GETs.
    var group: Group {
        switch self {
        case .downloadHandler, .downloadAHC, .downloadCurl, .downloadURLSession: .download
        case .uploadHandler, .uploadAHC, .uploadCurl, .uploadURLSession: .upload
        case .gets, .getsURLSession: .gets
        }
    }

    /// Whether the scenario is the curl command line rather than a `tern-bench run` child.
    var isCurl: Bool { self == .downloadCurl || self == .uploadCurl }

    /// Whether the row is Tern's own client (the one the targets are about).
    var isTern: Bool {
        switch self {
        case .downloadHandler, .downloadURLSession, .uploadHandler, .uploadURLSession: true
        default: false
        }
    }

    /// The client the scenario drives, for the table.
    var client: String {
        switch self {
        case .downloadHandler, .uploadHandler: "Handler + HTTPClientTransport"
        case .downloadAHC, .uploadAHC: "AsyncHTTPClient, raw"
        case .downloadCurl, .uploadCurl: "curl"
        case .downloadURLSession, .uploadURLSession: "Handler + URLSessionTransport"
        case .gets: "Handler + HTTPClientTransport vs raw AsyncHTTPClient"
        case .getsURLSession: "Handler + URLSessionTransport vs raw URLSession"
        }
    }
}
