import Foundation
import Tern
import TernWorkspace

/// The constructs of the `.http` dialects that change what a request means, each mapped or reported with
/// its line: GraphQL bodies (REST Client's `X-REQUEST-TYPE: GraphQL`, kulala's `GRAPHQL` line, httpyac's
/// bare `query …`), the REST Client and httpyac `Authorization` shorthands (`AWS`, `COGNITO`, `oauth2`,
/// `openid`), and a response written below a request (httpyac).
enum HTTPFileDialect {
    /// Cuts a response written below the request (`HTTP/1.1 200 OK` and what follows) out of `body`: kept
    /// as notes, reported with its line.
    static func cutResponse(
        _ body: inout [Substring], numbers: [Int], notes: inout [String], context: ImportContext
    ) {
        guard
            let start = body.firstIndex(where: {
                $0.range(of: #"^HTTP/[0-9.]+ [0-9]{3}"#, options: .regularExpression) != nil
            })
        else { return }
        let number = start < numbers.count ? numbers[start] : 0
        notes.append(contentsOf: body[start...].map(String.init))
        body.removeSubrange(start...)
        context.warn("line \(number): a response written below the request is not sent (kept in the spec's notes)")
    }

    /// The GraphQL body a request holds, `nil` when it is not one: the operation, then (after a blank
    /// line) its variables as JSON. `method` becomes POST for kulala's `GRAPHQL`; REST Client's marker
    /// header is removed.
    static func graphQL(
        method: inout String, headers: inout [RequestDraft.Row], body: [Substring], number: Int,
        context: ImportContext
    ) -> BodyDefinition? {
        let marker = headers.firstIndex {
            $0.name.lowercased() == "x-request-type" && $0.value.lowercased() == "graphql"
        }
        let text = body.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        let first = text.prefix { !$0.isWhitespace && $0 != "{" && $0 != "(" }
        let operation = ["query", "mutation", "subscription", "fragment"].contains(first)
        guard marker != nil || method.uppercased() == "GRAPHQL" || (operation && method.uppercased() == "POST")
        else { return nil }
        guard !text.isEmpty else { return nil }
        var query = text
        var variables: JSONValue?
        if let blank = text.range(of: "\n\n", options: .backwards) ?? text.range(of: "\n \n", options: .backwards),
            let value = JSONDocument.value(ofText: String(text[blank.upperBound...])), case .object = value
        {
            variables = value
            query = text[..<blank.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard !query.hasPrefix("{\"") else { return nil }
        if query.contains("{{") {
            context.warn(
                "line \(number): a GraphQL query with {{variables}} in it is sent as text (Tern sends a GraphQL "
                    + "query as written); use GraphQL variables")
            return nil
        }
        if let marker { headers.remove(at: marker) }
        if method.uppercased() == "GRAPHQL" { method = "POST" }
        return .graphql(GraphQLBodyDefinition(query: query, variables: variables))
    }

    /// The `auth:` an `Authorization` header's shorthand stands for, the header then removed: `Basic user
    /// password` (and `user:password`, or already base64-encoded), `Digest user password` (or `user:password`),
    /// which the tools encode when they send, and `AWS …` (below).
    static func auth(_ headers: inout [RequestDraft.Row], numbers: [Int], context: ImportContext) -> AuthDefinition? {
        if let aws = authShorthand(&headers, numbers: numbers, context: context) { return aws }
        guard let index = headers.firstIndex(where: { $0.name.lowercased() == "authorization" }) else { return nil }
        let words = headers[index].value.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let scheme = words.first?.lowercased()
        guard scheme == "basic" || scheme == "digest" else { return nil }
        var credentials: (String, String)?
        if words.count == 3 {
            credentials = (words[1], words[2])
        } else if words.count == 2, let colon = words[1].firstIndex(of: ":") {
            credentials = (String(words[1][..<colon]), String(words[1][words[1].index(after: colon)...]))
        } else if words.count == 2, scheme == "basic", let data = Data(base64Encoded: words[1]),
            let decoded = String(data: data, encoding: .utf8), let colon = decoded.firstIndex(of: ":")
        {
            // Already encoded (`Basic dXNlcjpwYXNz`): the same credentials, as `auth:`.
            credentials = (String(decoded[..<colon]), String(decoded[decoded.index(after: colon)...]))
        }
        guard let (user, password) = credentials else { return nil }
        headers.remove(at: index)
        return scheme == "basic"
            ? .basic(username: user, password: password) : .digest(username: user, password: password)
    }

    /// `Authorization: AWS key secret [token:T] [region:R] [service:S]` as the spec's `aws` auth; the other
    /// shorthands the tools compute when they send (`COGNITO …`, `oauth2 …`, `openid …`) are reported:
    /// Tern sends the header as written.
    private static func authShorthand(
        _ headers: inout [RequestDraft.Row], numbers: [Int], context: ImportContext
    ) -> AuthDefinition? {
        guard let index = headers.firstIndex(where: { $0.name.lowercased() == "authorization" }) else { return nil }
        let words = headers[index].value.split(separator: " ").map(String.init)
        let number = index < numbers.count ? numbers[index] : 0
        guard let scheme = words.first?.lowercased() else { return nil }
        if scheme == "aws", words.count >= 3 {
            var options: [String: String] = [:]
            for word in words.dropFirst(3) {
                let pair = word.split(separator: ":", maxSplits: 1).map(String.init)
                if pair.count == 2 { options[pair[0]] = pair[1] }
            }
            if let region = options["region"], let service = options["service"] {
                headers.remove(at: index)
                return .aws(
                    accessKey: words[1], secretKey: words[2], sessionToken: options["token"], region: region,
                    service: service)
            }
            context.warn(
                "line \(number): 'Authorization: AWS' without region: and service: is signed by the tools from "
                    + "their defaults; Tern sends the header as written (give the spec an aws auth block)")
            return nil
        }
        if ["cognito", "oauth2", "openid"].contains(scheme) {
            context.warn(
                "line \(number): 'Authorization: \(words[0]) …' is a shorthand the tools turn into a token when "
                    + "they send; Tern sends the header as written (give the spec an auth block)")
        }
        return nil
    }
}
