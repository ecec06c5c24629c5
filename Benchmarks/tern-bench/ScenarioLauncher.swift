import Foundation
import Tern

/// Runs one scenario as a child process: `tern-bench run ...` or curl.
struct ScenarioLauncher {
    let executable: String
    let base: URL
    let options: BenchOptions
    let workspace: Workspace

    /// One run of `scenario`, in a fresh process.
    func run(_ scenario: Scenario) -> RunOutcome {
        let output = workspace.file("output-\(scenario.rawValue).txt")
        let download = workspace.file("download-\(scenario.rawValue).bin")
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: download)
        }
        do {
            let (program, arguments) = command(for: scenario, download: download)
            let descriptor = open(output.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw BenchError.spawn("cannot create \(output.path)") }
            let child: ChildProcess
            do {
                child = try ChildProcess(program, arguments, standardOutput: descriptor)
                close(descriptor)
            } catch {
                close(descriptor)
                throw error
            }
            let exit = child.wait(timeout: options.timeout)
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            switch exit.ending {
            case .timedOut:
                return .timedOut(after: options.timeout)
            case .signaled(let number):
                return .failed("killed by signal \(number)")
            case .exited(let code) where code != 0:
                return .failed("exit code \(code)")
            case .exited:
                var result = try scenario.isCurl ? curlResult(scenario, output: text, download: download) : parse(text)
                // wait4's figure, and the higher of the sampled VmHWM and the child's own final one.
                result.maxRSSKiB = exit.maxRSSKiB
                result.highWaterKiB = [exit.highWaterKiB, result.highWaterKiB].compactMap { $0 }.max()
                result.anonymousKiB = exit.anonymousKiB
                return .measured(result)
            }
        } catch {
            return .failed("\(error)")
        }
    }

    private func command(for scenario: Scenario, download: URL) -> (String, [String]) {
        let limit = String(Int(options.timeout.seconds))
        switch scenario {
        case .downloadCurl:
            return (
                "curl",
                [
                    "-s", "-S", "--noproxy", "*", "--max-time", limit, "-o", download.path,
                    "-w", CurlFormat.writeOut, base.appendingPathComponent("bytes/\(options.size)").absoluteString,
                ]
            )
        case .uploadCurl:
            return (
                "curl",
                [
                    "-s", "-S", "--noproxy", "*", "--max-time", limit, "-T", workspace.uploadFile.path,
                    "-w", CurlFormat.writeOut, base.appendingPathComponent("upload").absoluteString,
                ]
            )
        default:
            let file = scenario.group == .upload ? workspace.uploadFile : download
            return (
                executable,
                [
                    "run", scenario.rawValue, "--base", base.absoluteString, "--bytes", String(options.size),
                    "--count", String(options.gets), "--file", file.path, "--time-limit", limit,
                ]
            )
        }
    }

    private func parse(_ text: String) throws -> ScenarioResult {
        guard let result = ScenarioResult.parse(text) else {
            throw BenchError.scenario("no result line in the child's output: \(text.prefix(200))")
        }
        return result
    }

    /// curl's `-w` line (and, for uploads, the server's reply before it), checked like the others.
    private func curlResult(_ scenario: Scenario, output: String, download: URL) throws -> ScenarioResult {
        guard let marker = output.range(of: CurlFormat.marker, options: .backwards) else {
            throw BenchError.scenario("curl printed no timing: \(output.prefix(200))")
        }
        let fields = output[marker.upperBound...].split(whereSeparator: \.isWhitespace)
        guard fields.count == 4, let seconds = Double(fields[0]), let status = Int(fields[3]) else {
            throw BenchError.scenario("cannot read curl's timing '\(output[marker.upperBound...])'")
        }
        guard status == 200 else { throw BenchError.scenario("curl got status \(status)") }
        if scenario == .uploadCurl {
            try UploadScenarios.verifyReply(Data(output[..<marker.lowerBound].utf8), expected: options.size)
        } else {
            let size = fileSize(download)
            guard size == options.size else {
                throw BenchError.scenario("curl's file has \(size) bytes, not \(options.size)")
            }
        }
        return ScenarioResult(
            scenario: scenario.rawValue, seconds: seconds, bytes: options.size, requests: 1, maxRSSKiB: 0)
    }
}

/// curl's `--write-out`: a marker, then time_total, size_download, size_upload and the status.
enum CurlFormat {
    static let marker = "\nTERN-BENCH-CURL "
    static let writeOut = "\\nTERN-BENCH-CURL %{time_total} %{size_download} %{size_upload} %{http_code}\\n"
}
