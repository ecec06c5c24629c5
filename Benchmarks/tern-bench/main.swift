import Foundation

/// `tern-bench`: Tern against raw AsyncHTTPClient and curl on a local server (see docs/benchmarks.md).
///
///     tern-bench [--size 1GiB] [--gets 5000] [--quick] [--repeat N] [--markdown]   the whole comparison
///     tern-bench serve                                                              the server alone
///     tern-bench run <scenario> --base http://127.0.0.1:PORT [...]                  one scenario
let usage = """
    usage: tern-bench [--size SIZE] [--gets N] [--quick] [--repeat N] [--markdown] [--only a,b] [--timeout SECONDS]
           tern-bench serve
           tern-bench run <scenario> --base http://127.0.0.1:PORT [--bytes N] [--count N] [--file PATH]
           tern-bench offline          cache-mode replay through the Handler on SQLite, and workspace loading
           tern-bench tui              TUI keystrokes over a 50 MB JSON body, first frame and idle memory of tern
           tern-bench stream           Server-Sent Events through the library and the TUI (10,000 events/s)
    """

nonisolated func main(_ words: [String]) async -> Int32 {
    var arguments = ArgumentList(words)
    do {
        switch arguments.popWord() {
        case "serve":
            try arguments.finish()
            try await ServeCommand.run()
        case "run":
            try await ScenarioRunner.run(RunOptions(&arguments))
        case "offline":
            try arguments.finish()
            try await OfflineBenchmark.run()
        case "tui":
            try arguments.finish()
            try await TUIBenchmark.run()
        case "stream":
            try arguments.finish()
            try await StreamBenchmark.run()
        case nil:
            if arguments.flag("help") {
                print(usage)
                return 0
            }
            return try Orchestrator(BenchOptions(&arguments)).run()
        case let word?:
            throw BenchError.usage("unknown subcommand '\(word)'")
        }
        return 0
    } catch let error as BenchError where error.isUsage {
        FileHandle.standardError.write(Data("tern-bench: \(error)\n\(usage)\n".utf8))
        return 64
    } catch {
        FileHandle.standardError.write(Data("tern-bench: \(error)\n".utf8))
        return 1
    }
}

exit(await main(Array(CommandLine.arguments.dropFirst())))
