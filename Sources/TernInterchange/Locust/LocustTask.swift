import Foundation
import Tern
import TernWorkspace

/// One spec as a task of the locustfile: its request rendered when it runs, its captures kept in the
/// Locust user's values, its expectations as checks that mark the request failed.
struct LocustTask {
    let workspace: Workspace
    let entry: SpecEntry
    let function: String

    private var spec: SpecDefinition { entry.spec }
    private func string(_ text: String) -> String { LocustPython.string(text) }

    /// The task's lines (indented for the task set); what the locustfile cannot do goes to `notes`.
    func lines(notes: inout [String]) -> [String] {
        let name = string(entry.id)
        var lines = ["", "    @task", "    def \(function)(self):", "        scope = self.values", "        try:"]
        var base = ""
        let target = spec.hasFullURL ? nil : workspace.target(for: spec)
        if let target { base = target.baseURL }
        lines.append("            url = render(\(string(base + spec.path)), scope)")
        var query: [String] = []
        for (key, value) in spec.query where !spec.disabled.query.contains(key) {
            switch value {
            case .array(let items):
                for item in items { query.append("(\(string(key)), render(\(string(item.scalarText ?? "")), scope))") }
            default: query.append("(\(string(key)), render(\(string(value.scalarText ?? "")), scope))")
            }
        }
        lines.append("            params = [\(query.joined(separator: ", "))]")
        var headers: [(String, String)] = (target?.headers ?? []).filter { header in
            !spec.headers.contains { $0.name.lowercased() == header.name.lowercased() }
        }
        headers += spec.headers.filter { header in !spec.disabled.headers.contains(header.name) }
        lines.append("            headers = {")
        for (key, value) in headers { lines.append("                \(string(key)): render(\(string(value)), scope),") }
        lines.append("            }")
        lines.append(contentsOf: authLines(spec.auth ?? target?.auth, notes: &notes))
        lines.append(contentsOf: bodyLines(notes: &notes))
        lines += [
            "        except Undefined as error:",
            "            self.user.environment.events.request.fire(",
            "                request_type=\(string(spec.method)), name=\(name), response_time=0, response_length=0,",
            "                exception=error, context={}, response=None)",
            "            return",
            "        with self.client.request(",
            "                \(string(spec.method)), url, params=params, headers=headers, name=\(name),",
            "                catch_response=True, **extra) as response:",
            "            problems = []",
            "            document = body_json(response)",
        ]
        lines.append(contentsOf: checkLines(notes: &notes))
        lines.append(contentsOf: captureLines())
        lines += [
            "            if problems:",
            "                response.failure('; '.join(problems))",
            "            else:",
            "                response.success()",
        ]
        return lines
    }

    private func authLines(_ auth: AuthDefinition?, notes: inout [String]) -> [String] {
        switch auth {
        case .basic(let username, let password)?:
            return [
                "            extra = {'auth': (render(\(string(username)), scope), render(\(string(password)), scope))}"
            ]
        case .bearer(let token)?:
            return [
                "            headers['Authorization'] = 'Bearer ' + render(\(string(token)), scope)",
                "            extra = {}",
            ]
        case .apiKey(let name, let value, let location)?:
            let place = location == .header ? "headers[\(string(name))] = " : "params.append((\(string(name)), "
            let close = location == .header ? "" : "))"
            return ["            \(place)render(\(string(value)), scope)\(close)", "            extra = {}"]
        case .digest(let username, let password)?:
            return [
                "            from requests.auth import HTTPDigestAuth",
                "            extra = {'auth': HTTPDigestAuth(render(\(string(username)), scope), "
                    + "render(\(string(password)), scope))}",
            ]
        case .aws?, .oauth2?:
            notes.append("\(entry.id): its \(auth?.type ?? "") auth is not exported; sign the requests in on_start")
            return ["            extra = {}"]
        case .none?, nil:
            return ["            extra = {}"]
        }
    }

    private func bodyLines(notes: inout [String]) -> [String] {
        switch spec.body {
        case .json(let value)?:
            return ["            extra['json'] = render_json(json.loads(\(string(Self.json(value)))), scope, False)"]
        case .form(let fields)?:
            let pairs = fields.map { "(\(string($0.name)), render(\(string($0.value)), scope))" }
            return ["            extra['data'] = [\(pairs.joined(separator: ", "))]"]
        case .text(let text)?:
            return ["            extra['data'] = render(\(string(text)), scope).encode()"]
        case .graphql(let graphql)?:
            var object: [String: JSONValue] = ["query": .string(graphql.query)]
            if let operation = graphql.operationName { object["operationName"] = .string(operation) }
            if let variables = graphql.variables { object["variables"] = variables }
            let document = string(Self.json(.object(object)))
            return ["            extra['json'] = render_json(json.loads(\(document)), scope, False)"]
        case .file?, .multipart?:
            notes.append(
                "\(entry.id): its \(spec.body?.kind ?? "") body is not exported (files stay with the workspace)")
            return []
        case nil:
            return []
        }
    }

    private func checkLines(notes: inout [String]) -> [String] {
        var lines: [String] = []
        let declaresStatus = spec.expect.contains { if case .status = $0 { true } else { false } }
        if !declaresStatus {
            lines.append(
                "            if response.status_code >= 400:\n"
                    + "                problems.append('status below 400 — got %d' % response.status_code)"
            )
        }
        for expectation in spec.expect {
            switch expectation {
            case .status(let status):
                let test: String
                switch status {
                case .exactly(let code): test = "response.status_code == \(code)"
                case .inClass(let digit): test = "response.status_code // 100 == \(digit)"
                case .oneOf(let codes):
                    test = "response.status_code in (\(codes.map(String.init).joined(separator: ", ")),)"
                case .template(let text): test = "status_matches(response.status_code, render(\(string(text)), scope))"
                }
                lines.append("            if not (\(test)): problems.append('status — got %d' % response.status_code)")
            case .header(let name, let check):
                lines.append(
                    contentsOf: textCheck(check, value: "response.headers.get(\(string(name)))", what: "header \(name)")
                )
            case .body(let check):
                lines.append(contentsOf: textCheck(check, value: "response.text", what: "body"))
            case .json(let path, let check):
                lines.append(contentsOf: jsonCheck(path, check))
            case .durationUnder(let seconds):
                let milliseconds = Int((seconds * 1000).rounded())
                lines.append(
                    "            if response.elapsed.total_seconds() * 1000 >= \(milliseconds): "
                        + "problems.append('duration under \(milliseconds) ms')")
            case .timing(let phase, let comparison, let milliseconds):
                // Locust's requests time the whole exchange only.
                if phase == .total {
                    lines.append(
                        "            if not (response.elapsed.total_seconds() * 1000 \(comparison.rawValue) "
                            + "\(milliseconds)): problems.append('totalMs \(comparison.rawValue) \(milliseconds) ms')")
                } else {
                    notes.append(
                        "\(entry.id): its \(phase.rawValue) budget is left to tern run (Locust times the whole)")
                }
            case .schema, .openAPIContract:
                notes.append("\(entry.id): its JSON Schema and OpenAPI checks are left to tern run")
            case .grpcStatus:
                notes.append("\(entry.id): its gRPC status check is left to tern run")
            case .graphQLNoErrors:
                lines.append(
                    "            if response.headers.get('content-type', '').startswith('application/json') "
                        + "and response.json().get('errors'): problems.append('no GraphQL errors')")
            }
        }
        return lines
    }

    private func textCheck(_ check: TextCheck, value: String, what: String) -> [String] {
        let label = string(what)
        let test: String
        switch check {
        case .equals(let text): test = "\(value) == render(\(string(text)), scope)"
        case .contains(let text): test = "render(\(string(text)), scope) in (\(value) or '')"
        case .matches(let pattern): test = "re.search(render(\(string(pattern)), scope), \(value) or '') is not None"
        case .exists(let exists): test = "(\(value) is not None) == \(exists ? "True" : "False")"
        }
        return ["            if not (\(test)): problems.append(\(label) + ' does not hold')"]
    }

    private func jsonCheck(_ path: String, _ check: JSONCheck) -> [String] {
        let nodes = "select(document, \(string(path)))"
        let value = "(\(nodes)[0] if len(\(nodes)) == 1 else \(nodes))"
        let test: String
        switch check {
        case .equals(let expected): test = "\(value) == render_json(json.loads(\(string(Self.json(expected)))), scope)"
        case .notEquals(let expected):
            test = "len(\(nodes)) > 0 and \(value) != render_json(json.loads(\(string(Self.json(expected)))), scope)"
        case .exists(let exists): test = "(len(\(nodes)) > 0) == \(exists ? "True" : "False")"
        case .type(let type):
            test =
                type == "number"
                ? "json_type(\(value)) in ('number', 'integer')" : "json_type(\(value)) == \(string(type))"
        case .matches(let pattern):
            test = "isinstance(\(value), str) and re.search(render(\(string(pattern)), scope), \(value)) is not None"
        case .contains(let element):
            test = "render_json(json.loads(\(string(Self.json(element)))), scope) in (\(value) or [])"
        case .compare(let comparison, let bound):
            test = "isinstance(\(value), (int, float)) and \(value) \(comparison.rawValue) \(bound)"
        case .count(let count):
            test =
                "(len(\(nodes)[0]) if len(\(nodes)) == 1 and isinstance(\(nodes)[0], (list, dict)) "
                + "else len(\(nodes))) == \(count)"
        }
        return ["            if not (\(test)): problems.append(\(string(path)) + ' does not hold')"]
    }

    private func captureLines() -> [String] {
        spec.capture.map { rule in
            let name = string(rule.name)
            switch rule.source {
            case .json(let path):
                return "            found = select(document, \(string(path)))\n"
                    + "            if found:\n"
                    + "                scope[\(name)] = found[0] if isinstance(found[0], str) else json.dumps(found[0])"
            case .header(let header):
                return
                    "            if \(string(header)) in response.headers:\n"
                    + "                scope[\(name)] = response.headers[\(string(header))]"
            case .cookie(let cookie):
                return
                    "            if \(string(cookie)) in response.cookies:\n"
                    + "                scope[\(name)] = response.cookies[\(string(cookie))]"
            case .status:
                return "            scope[\(name)] = str(response.status_code)"
            case .regex(let pattern, let group):
                return "            found = re.search(\(string(pattern)), response.text or '')\n"
                    + "            if found: scope[\(name)] = found.group(\(group))"
            }
        }
    }

    /// `value` as compact JSON (keys sorted).
    static func json(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).flatMap { String(data: $0, encoding: .utf8) } ?? "null"
    }
}
