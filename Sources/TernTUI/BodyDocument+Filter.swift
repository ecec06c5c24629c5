import Foundation
package import TernExplorer
import TernJSONPath

extension BodyDocument {
    /// The most matches the filter line lists; the rest are counted on a last line.
    static let filterMatchLimit = 10_000

    /// The nodes `expression` (a JSONPath, RFC 9535) selects in the JSON body, one compact JSON
    /// per line; an error a user can act on when the expression or the body is not usable.
    /// Runs off the UI task: a large body costs a parse.
    package func filter(_ expression: String) -> Result<[String], ExplorerError> {
        let path: JSONPath
        do {
            path = try JSONPath(expression)
        } catch {
            return .failure(ExplorerError(.usage, "'\(expression)' is not a JSONPath: \(error)"))
        }
        guard kind == .json else {
            return .failure(ExplorerError(.usage, "the body is not JSON (\(kind.rawValue)): only JSON can be filtered"))
        }
        let value: JSONPathValue
        do {
            value = try JSONPathValue(decoding: Data(text))
        } catch {
            return .failure(ExplorerError(.usage, "the body cannot be filtered: \(error)"))
        }
        do {
            let nodes = try path.select(in: value)
            var lines = nodes.prefix(Self.filterMatchLimit).map(\.value.jsonText)
            if nodes.count > Self.filterMatchLimit {
                lines.append("… \(nodes.count - Self.filterMatchLimit) more matches not shown")
            }
            return .success(lines)
        } catch {
            return .failure(ExplorerError(.usage, "\(expression): \(error)"))
        }
    }
}
