import Foundation
import Tern
import TernJSONPath

/// What the faces read from the latest response a send produced (`timing`, `filter`).
struct LatestAnswer {
    /// The response, if a send produced one.
    let response: Response?

    /// `timing`: the waterfall of the last response's phases, a line each; an error says why there is none.
    func timing() throws(ExplorerError) -> [String] {
        guard let response else {
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
    func filter(_ expression: String) throws(ExplorerError) -> [String] {
        let path: JSONPath
        do {
            path = try JSONPath(expression)
        } catch {
            throw ExplorerError(.usage, "'\(expression)' is not a JSONPath: \(error)")
        }
        guard let response else {
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
