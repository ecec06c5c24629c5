/// The options of `tern-bench send`, `transfer` and `compare`, which run the real `tern` against curl.
struct BinaryOptions: Sendable {
    /// Which subcommand the options are for (each accepts only the options it uses).
    enum Command: Sendable {
        case send
        case transfer
        case compare
    }

    /// `--tern PATH`: the binary to measure; `nil` is the `tern` next to tern-bench.
    var tern: String?
    /// Runs of each command line in the `send` timings.
    var runs = 20
    /// Bytes of the download (`GET /bytes/N` to a file).
    var downloadSize: Int64 = 1 << 30
    /// Bytes of the upload file.
    var uploadSize: Int64 = 100 << 20
    /// Also print the table as Markdown.
    var markdown = false
    /// How long one transfer may take before it is killed.
    var timeout: Duration = .seconds(600)

    init(_ arguments: inout ArgumentList, for command: Command) throws(BenchError) {
        tern = try arguments.value("tern")
        if command != .transfer, let runs = try arguments.count("runs") { self.runs = runs }
        if command != .send {
            if let size = try arguments.size("size") { downloadSize = size }
            if let size = try arguments.size("upload-size") { uploadSize = size }
            if let seconds = try arguments.count("timeout") { timeout = .seconds(seconds) }
        }
        markdown = arguments.flag("markdown")
        try arguments.finish()
    }
}
