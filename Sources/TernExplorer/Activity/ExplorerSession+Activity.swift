extension ExplorerSession {
    /// `log`: the retry log, oldest attempt first.
    package nonisolated var retryLog: [RetryLogEntry] { activity.retryLog }

    /// `transfers`: uploads and downloads, running and finished.
    package nonisolated var transfers: [TransferRecord] { activity.transfers }
}
