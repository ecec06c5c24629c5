import Foundation
import HTTPTypes
import Tern
import TernJSONPath

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
    private let response: Response
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
            if pair[..<equals].trimmingCharacters(in: .whitespaces) == name {
                return String(pair[pair.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
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

    /// The first match of `pattern` in `text` (at most `maximumRegexInput` bytes of it), group `group`.
    static func firstMatch(_ pattern: String, in text: String, group: Int = 0) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        let input = String(text.utf8.prefix(maximumRegexInput)) ?? String(text.prefix(maximumRegexInput / 4))
        let range = NSRange(input.startIndex..., in: input)
        guard let match = regex.firstMatch(in: input, range: range), group <= match.numberOfRanges - 1,
            let found = Range(match.range(at: group), in: input)
        else { return nil }
        return String(input[found])
    }
}

/// Why a capture or a check could not read what it needs (the body is not JSON, too large, ...).
struct CheckProblem: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
