import Foundation
import HTTPTypes
import Tern
import TernJSONPath
import TernJSONSchema

/// What captures and expectations read from one response, each part decoded at most once:
/// the status, the headers, the cookies it sets, the text body and the JSON body.
struct ResponseFacts {
    /// The largest body read for captures and checks; a bigger one is reported, not read.
    static let maximumBody = 16 * 1024 * 1024
    /// The largest text a regular expression runs over.
    static let maximumRegexInput = 256 * 1024

    let status: Int
    let headers: HTTPFields
    let duration: Double
    /// The answer the facts are read from.
    let response: Response
    private var bodyCache: Result<Data, CheckProblem>?
    private var jsonCache: Result<JSONPathValue, CheckProblem>?

    init(_ response: Response) {
        self.response = response
        status = response.statusCode
        headers = response.headers
        duration = response.timing.duration.seconds
    }

    /// The first value of header `name`.
    func header(_ name: String) -> String? {
        guard let field = HTTPField.Name(name) else { return nil }
        return headers[field]
    }

    /// The value of the cookie `name` the response sets.
    func cookie(_ name: String) -> String? {
        for value in headers[values: .setCookie] {
            let pair = value.split(separator: ";", maxSplits: 1).first ?? ""
            guard let equals = pair.firstIndex(of: "=") else { continue }
            if pair[..<equals].trimmingWhitespace() == name {
                return String(pair[pair.index(after: equals)...]).trimmingWhitespace()
            }
        }
        return nil
    }

    /// The body's bytes, up to `maximumBody`.
    mutating func body() -> Result<Data, CheckProblem> {
        if let bodyCache { return bodyCache }
        let result: Result<Data, CheckProblem>
        if response.byteCount > Int64(Self.maximumBody) {
            result = .failure(CheckProblem("the body is larger than 16 MiB and is not read for checks"))
        } else {
            do {
                result = .success(try response.bodyData())
            } catch {
                result = .failure(CheckProblem("the body could not be read: \(error)"))
            }
        }
        bodyCache = result
        return result
    }

    /// The body as UTF-8 text.
    mutating func text() -> Result<String, CheckProblem> {
        body().flatMap { data in
            guard let text = String(data: data, encoding: .utf8) else {
                return .failure(CheckProblem("the body is not UTF-8 text"))
            }
            return .success(text)
        }
    }

    /// The body as JSON.
    mutating func json() -> Result<JSONPathValue, CheckProblem> {
        if let jsonCache { return jsonCache }
        let result = body().flatMap { data -> Result<JSONPathValue, CheckProblem> in
            do {
                return .success(try JSONPathValue(decoding: data))
            } catch {
                return .failure(CheckProblem("the body is not JSON: \(error)"))
            }
        }
        jsonCache = result
        return result
    }

    /// The nodes `path` selects in the JSON body.
    mutating func select(_ path: String) -> Result<[JSONPathNode], CheckProblem> {
        json().flatMap { document in
            do {
                return .success(try JSONPath(path).select(in: document))
            } catch {
                return .failure(CheckProblem("\(path): \(error)"))
            }
        }
    }

    /// How long one pattern may run over one text: a backtracking engine can take exponential time on
    /// text a server chose (`(.*a){25}`), and captures and checks run inside a send.
    static let regexTimeLimit = Duration.seconds(2)

    /// What running a pattern over a text gave.
    enum RegexMatch: Equatable {
        /// The text of the group asked for in the first match.
        case found(String)
        /// No match (or no such group in it, or a pattern that does not compile).
        case none
        /// The pattern ran past `regexTimeLimit` and was stopped.
        case stopped
    }

    /// The first match of `pattern` in `text` (at most `maximumRegexInput` bytes of it), group `group`,
    /// stopped after `limit`: ICU reports progress while it matches, and the match is abandoned then.
    static func match(_ pattern: String, in text: String, group: Int = 0, limit: Duration = regexTimeLimit)
        -> RegexMatch
    {
        guard let regex = BoundedRegex(pattern) else { return .none }
        let input = String(text.utf8.prefix(maximumRegexInput)) ?? String(text.prefix(maximumRegexInput / 4))
        switch regex.firstMatch(in: input, group: group, maximumInput: maximumRegexInput, limit: limit) {
        case .found(let found): return .found(found)
        case .none, .inputTooLong: return .none
        case .stopped: return .stopped
        }
    }

    /// What a check or a capture says of a pattern that was stopped.
    static func stoppedMessage(_ pattern: String) -> String {
        "/\(pattern)/ ran past \(AttemptWatchdog.describe(regexTimeLimit)) on this body and was stopped "
            + "(write it so that it cannot backtrack far: anchor it, or use [^\"]* instead of .*)"
    }

    /// The first match of `pattern` in `text`, group `group`; `nil` for none and for a stopped match.
    static func firstMatch(_ pattern: String, in text: String, group: Int = 0) -> String? {
        if case .found(let found) = match(pattern, in: text, group: group) { return found }
        return nil
    }
}

/// Why a capture or a check could not read what it needs (the body is not JSON, too large, ...).
struct CheckProblem: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
