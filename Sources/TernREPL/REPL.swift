import TernExplorer

/// The line-oriented explorer (`tern repl`). Placeholder until issue 6 lands.
public struct REPL: Sendable {
    public let session: ExplorerSession

    public init(session: ExplorerSession) {
        self.session = session
    }

    /// Runs until `quit`, end of input or Ctrl-D; returns the process exit status.
    public func run() async -> Int32 {
        0
    }
}
