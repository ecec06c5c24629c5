import TernExplorer

/// Where the REPL writes: results to one stream, errors and notices to the other.
package protocol OutputSink: Sendable {
    /// Writes results (standard output).
    func write(_ text: String)
    /// Writes errors and notices (standard error).
    func writeError(_ text: String)
}

/// The process's standard output and standard error.
package struct StandardStreams: OutputSink {
    /// Makes the sink.
    package init() {}

    package func write(_ text: String) { StandardStream.output.write(text) }
    package func writeError(_ text: String) { StandardStream.error.write(text) }
}
