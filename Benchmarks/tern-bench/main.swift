import Foundation

/// `tern-bench`: Tern against raw AsyncHTTPClient and curl on a local server (see docs/benchmarks.md).
///
///     tern-bench [--size 1GiB] [--gets 5000] [--quick] [--repeat N] [--markdown]   the whole comparison
///     tern-bench serve                                                              the server alone
///     tern-bench run <scenario> --base http://127.0.0.1:PORT [...]                  one scenario
///     tern-bench compare [--tern PATH] [--markdown]                                 the real tern against its goals
let usage = """
    usage: tern-bench [--size SIZE] [--gets N] [--quick] [--repeat N] [--markdown] [--only a,b] [--timeout SECONDS]
           tern-bench serve
           tern-bench run <scenario> --base http://127.0.0.1:PORT [--bytes N] [--count N] [--file PATH]
           tern-bench offline          cache-mode replay through the Handler on SQLite, and workspace loading
           tern-bench tui [--tern PATH]    TUI keystrokes over a 50 MB JSON body, first frame and idle memory of tern
           tern-bench send [--tern PATH] [--runs N] [--markdown]
               a small GET, whole process: tern send (live, cache) and tern --version against curl
           tern-bench transfer [--tern PATH] [--size SIZE] [--upload-size SIZE] [--timeout SECONDS] [--markdown]
               1 GiB to a file and 100 MiB up through tern send, peak RSS against curl's
           tern-bench compare [--tern PATH] [--runs N] [--size SIZE] [--upload-size SIZE] [--markdown]
               all of the real tern's figures against the goals, in one table
           tern-bench workspace DIR --base URL [--download-bytes N] [--upload-file PATH]
               writes the workspace send, transfer and compare use (get-user, download, upload) into DIR
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
            let tern = try arguments.value("tern")
            try arguments.finish()
            try await TUIBenchmark.run(tern: tern)
        case "send":
            try SendBenchmark.run(BinaryOptions(&arguments, for: .send))
        case "transfer":
            try BinaryTransfers.run(BinaryOptions(&arguments, for: .transfer))
        case "compare":
            try CompareCommand.run(BinaryOptions(&arguments, for: .compare))
        case "workspace":
            guard let directory = arguments.popWord() else { throw BenchError.usage("workspace needs a folder") }
            guard let base = try arguments.value("base").flatMap(URL.init(string:)) else {
                throw BenchError.usage("workspace needs --base URL")
            }
            let bytes = try arguments.value("download-bytes").map { text throws(BenchError) in
                guard let bytes = Int64(text), bytes >= 0 else { throw BenchError.usage("--download-bytes \(text)") }
                return bytes
            }
            let upload = try arguments.value("upload-file") ?? "/dev/null"
            try arguments.finish()
            _ = try BenchTernWorkspace(
                at: URL(fileURLWithPath: directory, isDirectory: true), base: base, downloadBytes: bytes ?? 1_048_576,
                uploadFile: URL(fileURLWithPath: upload))
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
        // An error caused by an interruption (a child killed, none started) is not worth a word.
        if !Interruption.isStopping { FileHandle.standardError.write(Data("tern-bench: \(error)\n".utf8)) }
        return 1
    }
}

let status = await main(Array(CommandLine.arguments.dropFirst()))
Interruption.finishing()
exit(status)
