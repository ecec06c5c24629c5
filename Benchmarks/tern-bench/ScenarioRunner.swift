import Foundation
import TernHTTPClient

/// `tern-bench run <scenario>`: runs one scenario in this process and prints its JSON line.
enum ScenarioRunner {
    static func run(_ options: RunOptions) async throws {
        let start = PeakMemory.status()?.resident
        var result = try await perform(options)
        result.startRSSKiB = start
        result.maxRSSKiB = PeakMemory.maxRSSKiB()
        result.highWaterKiB = PeakMemory.highWaterMarkKiB()
        FileHandle.standardOutput.write(Data((result.jsonLine + "\n").utf8))
    }

    private static func perform(_ options: RunOptions) async throws -> ScenarioResult {
        switch options.scenario {
        case .downloadHandler:
            try await withHTTPClientTransport { try await DownloadScenarios.handler(options, transport: $0) }
        case .downloadAHC:
            try await withHTTPClientTransport { try await DownloadScenarios.rawAHC(options, client: $0.client) }
        case .uploadHandler:
            try await withHTTPClientTransport { try await UploadScenarios.handler(options, transport: $0) }
        case .uploadAHC:
            try await withHTTPClientTransport { try await UploadScenarios.rawAHC(options, client: $0.client) }
        case .gets:
            try await GetScenarios.handlerVersusAHC(options)
        case .downloadURLSession, .uploadURLSession, .getsURLSession:
            try await URLSessionScenarios.run(options)
        case .downloadCurl, .uploadCurl:
            throw BenchError.usage("\(options.scenario.rawValue) is run by the orchestrator, as curl")
        }
    }
}
