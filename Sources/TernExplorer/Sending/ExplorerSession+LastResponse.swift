import Foundation
import Tern
import TernJSONPath

/// What the faces read from the latest response a send produced.
extension ExplorerSession {
    /// `timing`: the waterfall of the last response's phases, a line each; an error says why there is none.
    package func lastTiming() throws(ExplorerError) -> [String] {
        guard let response = lastResponse else {
            throw ExplorerError(.usage, "there is no response yet: 'send' one first")
        }
        guard response.source == .live else {
            throw ExplorerError(
                .usage,
                "the last response came from the \(response.source.rawValue), not the network: nothing was timed")
        }
        guard let phases = response.phases else {
            throw ExplorerError(.usage, "the transport did not time the last response")
        }
        return TimingSummary.waterfall(phases)
    }

    /// `filter EXPR`: each node the JSONPath selects in the last response's JSON body, as compact JSON.
    package func filterLastResponse(_ expression: String) throws(ExplorerError) -> [String] {
        let path: JSONPath
        do {
            path = try JSONPath(expression)
        } catch {
            throw ExplorerError(.usage, "'\(expression)' is not a JSONPath: \(error)")
        }
        guard let response = lastResponse else {
            throw ExplorerError(.usage, "there is no response yet: 'send' one first")
        }
        var facts = ResponseFacts(response)
        switch facts.json() {
        case .failure(let problem):
            throw ExplorerError(.usage, "the last response cannot be filtered: \(problem.message)")
        case .success(let document):
            do {
                return try path.select(in: document).map(\.value.jsonText)
            } catch {
                throw ExplorerError(.usage, "\(expression): \(error)")
            }
        }
    }
}
