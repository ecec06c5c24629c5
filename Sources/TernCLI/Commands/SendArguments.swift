import ArgumentParser
import Foundation
import HTTPTypes
import Synchronization
import Tern
import TernExplorer
import TernJSONPath
import TernWorkspace

/// What `tern send` was asked to do: `SendCommand`'s values, or `QuickParse`'s for the common
/// command lines, which it reads without swift-argument-parser (docs/benchmarks.md, "Where a send's
/// time goes").
struct SendArguments: Equatable {
    var spec: String
    var workspace = WorkspaceFolder()
    var env: String?
    var mode: ResponseMode?
    var variables: [String] = []
    var headers: [String] = []
    var query: [String] = []
    var body: String?
    var output: String?
    var resume = false
    var noCookies = false
    var include = false
    var verbose = false
    var fail = false
    var noFollow = false
    var maxRedirects: Int?
    var filter: String?
    var events: SendCommand.EventFormat?
    /// Replay a stored conversation at once (`--at-once`).
    var atOnce = false
    /// A request typed on the command line (`tern get URL`), sent instead of a spec of the workspace.
    var adHoc: SpecDefinition?
    /// Print the request instead of sending it (`--offline`).
    var offline = false
    /// HTTPie's `--print` letters for a typed request: the request's headers (`H`) and body (`B`) on
    /// stdout before the response, and whether the response's body (`b`) is printed.
    var printsRequestHeaders = false
    var printsRequestBody = false
    var printsResponseBody = true
    /// `--save NAME` of a typed request: the spec to write as NAME, and the secrets its
    /// `{{secret:…}}` stand for.
    var saveAs: SavedRequest?
    /// HTTPie's `m` letter: the timing line on stdout after the body.
    var printsTiming = false
    /// `--download`: the body goes to `output`, else to a file named after the response (`DownloadName`).
    var download = false
    /// `--check-status`: exit 3, 4 or 5 for a 3xx, 4xx or 5xx status, as HTTPie does.
    var checkStatus = false
    /// `--timeout`: the deadline of each attempt.
    var timeout: Duration?
    /// `--verify`, `--cert`, `--proxy`: the connection's TLS and proxy settings.
    var connection: ConnectionSettings?
    /// `--session NAME` (or `--session-read-only NAME`): the named session's cookies and headers.
    var namedSession: String?
    /// Whether a GraphQL operation is checked against its schema before it is sent (`--no-check`: false).
    var checksGraphQL = true
    /// Whether an answer whose JSON has `errors` exits 1 (`tern graphql`).
    var failsOnGraphQLErrors = false
    var sessionReadOnly = false

    init(spec: String) {
        self.spec = spec
    }

    init(_ command: SendCommand) {
        spec = command.spec
        workspace = WorkspaceFolder(workspace: command.workspace.workspace)
        env = command.env.name
        mode = command.mode
        variables = command.variables
        headers = command.headers
        query = command.query
        body = command.body
        output = command.output
        resume = command.resume
        noCookies = command.noCookies
        include = command.include
        verbose = command.verbose
        fail = command.fail
        noFollow = command.noFollow
        maxRedirects = command.maxRedirects
        filter = command.filter
        events = command.events
        atOnce = command.atOnce
        checksGraphQL = !command.noCheck
    }

    func run() async throws {
        // A line that shows the wait, on a terminal that nothing else draws on (not -o's bar, not events).
        let waiting =
            output == nil && !download && events == nil && StandardStream.error.isTerminal ? WaitingLine() : nil
        defer { waiting?.finish() }
        let adjustments = try makeAdjustments(waiting: waiting)
        let redirects = try RedirectOptions.policy(noFollow: noFollow, maximum: maxRedirects)
        var needs = OpenedWorkspace.Needs.oneShotSend(
            spec, environment: env, mode: mode, variables: try NameValuePairs.parse(variables, option: "--var"))
        // A typed request needs none of the workspace's spec files, and asks the server unless told
        // otherwise (as curl and HTTPie do); `--mode cache` replays it.
        if adHoc != nil {
            needs.specs = []
            needs.defaultMode = .live
        }
        needs.usesCookies = !noCookies
        needs.namedSession = namedSession
        needs.sessionReadOnly = sessionReadOnly
        needs.redirects = redirects
        // Capture misses and failed checks are printed before a cache that never opened is reported.
        let checked = try await OpenedWorkspace.with(workspace, needs) { opened in
            try await send(on: opened, adjustments: adjustments, waiting: waiting)
        }
        let response = checked.response
        // A GraphQL subscription whose server sent errors fails, from a spec too: they ended it or broke a payload.
        if failsOnGraphQLErrors || checked.graphQLConversation, let errors = GraphQLAnswer.errors(in: response.body),
            !errors.isEmpty
        {
            StandardStream.error.write(
                "tern: the server answered with \(errors.count == 1 ? "an error" : "\(errors.count) errors"): "
                    + TerminalText.safe(errors[0]) + "\n")
            throw CommandFailure.silent(.failure)
        }
        if fail && (response.statusCode >= 400 || !checked.failures.isEmpty) {
            throw CommandFailure.silent(.failedCheck)
        }
        if checkStatus, let status = Self.checkedStatus(response.statusCode) {
            // As HTTPie: a warning naming the status where the response was not shown on a terminal.
            if !StandardStream.output.isTerminal {
                StandardStream.error.write(
                    "tern: warning: HTTP \(response.statusCode) \(response.status.reasonPhrase)\n")
            }
            throw CommandFailure.silent(status)
        }
    }

    /// HTTPie's `--check-status` exit status for `code`: 3 for 3xx, 4 for 4xx, 5 for 5xx; nil otherwise.
    static func checkedStatus(_ code: Int) -> ExitStatus? {
        switch code {
        case 300..<400: .redirectStatus
        case 400..<500: .failedCheck
        case 500..<600: .serverErrorStatus
        default: nil
        }
    }

    /// Sends the spec on `opened` and prints the response (or the filter's matches), then any capture
    /// misses and failed checks.
    private func send(
        on opened: OpenedWorkspace, adjustments: SendAdjustments, waiting: WaitingLine?
    ) async throws -> SentAnswer {
        if let saveAs {
            do {
                let secrets = saveAs.secrets.map { AdHocSecret(name: $0.name, value: $0.value) }
                let output = try await opened.session.run(.adHoc(.save(saveAs.spec, as: saveAs.id, secrets: secrets)))
                StandardStream.error.write("tern: \(output.sentence ?? "")\n")
            } catch {
                throw CommandFailure.usage(error.message)
            }
            // Sent as the spec it now is: its history, cache entry and replay are the spec's.
            var saved = self
            saved.spec = saveAs.id
            saved.adHoc = nil
            saved.saveAs = nil
            if offline {
                let request: Request
                do {
                    request = try await resolved(.resolve(saveAs.id), on: opened.session)
                } catch {
                    throw CommandFailure.usage(error.message)
                }
                RequestPrinter.print(request, headers: printsRequestHeaders, body: printsRequestBody)
                throw CommandFailure.silent(.success)
            }
            return try await saved.send(on: opened, adjustments: adjustments, waiting: waiting)
        }
        if let adHoc, offline {
            let request: Request
            do {
                request = try await resolved(.adHoc(.resolve(adHoc)), on: opened.session)
            } catch {
                throw CommandFailure.usage(error.message)
            }
            RequestPrinter.print(request, headers: printsRequestHeaders, body: printsRequestBody)
            throw CommandFailure.silent(.success)
        }
        if events == .json,
            let request = try? await resolved(adHoc.map { .adHoc(.resolve($0)) } ?? .resolve(spec), on: opened.session)
        {
            EventPrinter().printBodyFiles(of: request, in: opened.workspace)
        }
        let filterPath: JSONPath?
        do {
            filterPath = try filter.map { try JSONPath($0) }
        } catch {
            throw CommandFailure.usage("--filter: \(error)")
        }
        var adjusted = adjustments
        // Whether a conversation was shown as it went (a GraphQL subscription over SSE has no transcript).
        let conversed = Atomic<Bool>(false)
        // A WebSocket spec prints its conversation as it goes, and sends piped stdin's lines too. A GraphQL
        // spec prints its subscription's payloads as they come (a query or a mutation over HTTP has none).
        let definition = adHoc ?? (try? opened.workspace.spec(named: spec))?.spec
        let isGraphQL = if case .graphql? = definition?.body { true } else { false }
        let isWebSocket = definition?.isWebSocket == true && !isGraphQL
        if isWebSocket || isGraphQL {
            // With --filter, what it selects in the conversation's summary is the output instead.
            if filter == nil {
                let printer = ConversationPrinter(json: events == .json, terminal: StandardStream.output.isTerminal)
                adjusted.onConversation = { event in
                    waiting?.finish()
                    conversed.store(true, ordering: .relaxed)
                    printer.print(event)
                }
            }
            if isWebSocket, body == nil, isatty(STDIN_FILENO) == 0 { adjusted.outgoing = StandardInputLines.stream() }
            if atOnce { adjusted.replayPacing = .immediate }
        }
        let printed = Atomic<Bool>(false)
        let interrupt = output == nil && !download && filter == nil ? InterruptStop() : nil
        if let interrupt {
            let printer = StreamPrinter(json: events == .json, terminal: StandardStream.output.isTerminal)
            adjusted.streamStop = interrupt.stop
            adjusted.onStream = { item in
                waiting?.finish()
                printed.store(true, ordering: .relaxed)
                printer.print(item)
            }
        }
        var checked: SentAnswer
        do {
            let command: Command = adHoc.map { .adHoc(.send($0)) } ?? .send(spec)
            checked = try SentAnswer(try await opened.session.run(command, sendAdjustments: adjusted))
            checked.graphQLConversation =
                isGraphQL && (checked.response.conversation != nil || conversed.load(ordering: .relaxed))
            interrupt?.restore()
        } catch {
            interrupt?.restore()
            throw CommandFailure(status: error.kind == .request ? .failure : .usage, message: error.message)
        }
        let response = checked.response
        if printsRequestHeaders || printsRequestBody {
            RequestPrinter.print(response.request, headers: printsRequestHeaders, body: printsRequestBody)
        }
        if verbose { RequestPrinter.printVerbose(response.request) }
        // After the summary line: the timing of a live answer (on stdout with HTTPie's `m`, after the body).
        var timing: (line: String, stdout: Bool)?
        // A typed request's `-h` in a pipe is HTTPie's: the headers alone.
        let timed = printsTiming || verbose || (include && (adHoc == nil || StandardStream.error.isTerminal))
        if response.source == .live, let phases = response.phases, timed {
            timing = (TimingSummary.line(phases), printsTiming)
        }
        do {
            if let filterPath {
                try printMatches(of: filterPath, in: response)
                if let timing {
                    (timing.stdout ? StandardStream.output : StandardStream.error).write(timing.line + "\n")
                }
            } else if checked.graphQLConversation, response.conversation == nil {
                // A subscription over SSE: its results printed as they came; the summary line on a terminal.
                ResponsePrinter.announce(response)
                if let timing {
                    (timing.stdout ? StandardStream.output : StandardStream.error).write(timing.line + "\n")
                }
            } else if let conversation = response.conversation {
                // As an HTTP answer's: the summary line on a terminal, and where the conversation came from.
                ResponsePrinter.announce(response)
                if include { StandardStream.error.write("101 Switching Protocols (\(response.source.rawValue))\n") }
                if let close = conversation.close, StandardStream.error.isTerminal || !close.code.isNormal {
                    StandardStream.error.write("tern: \(ConversationLines.closeLine(close))\n")
                }
                if let timing {
                    (timing.stdout ? StandardStream.output : StandardStream.error).write(timing.line + "\n")
                }
            } else {
                let streamed = printed.load(ordering: .relaxed) || StreamFormat(headers: response.headers) != nil
                var printer = ResponsePrinter(include: include, bodyPrinted: streamed || !printsResponseBody)
                printer.timing = timing
                var destination = output
                if download, destination == nil { destination = DownloadName.pick(for: response) }
                try printer.print(response, output: destination, append: resume)
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(status: .failure, message: "\(error)")
        }
        for miss in checked.captureMisses { StandardStream.error.write("tern: warning: \(miss)\n") }
        for failure in checked.failures {
            StandardStream.error.write("tern: ✗ \(failure.expected) — got \(failure.actual)\n")
        }
        // A conversation that did not end as both sides meant (a drop, a protocol error) fails the send.
        if let close = response.conversation?.close, !close.code.isNormal {
            throw CommandFailure.silent(checked.failures.isEmpty || !fail ? .failure : .failedCheck)
        }
        return checked
    }

    /// The request `command` (`.resolve` or an ad-hoc `.resolve`) resolves, as it would be sent.
    private func resolved(_ command: Command, on session: ExplorerSession) async throws(ExplorerError) -> Request {
        guard case .request(let request, _, _) = try await session.run(command) else {
            throw ExplorerError(.usage, "the request could not be resolved")
        }
        return request
    }

    /// `--filter`: each selected node as one compact JSON line.
    private func printMatches(of path: JSONPath, in response: Response) throws {
        let document: JSONPathValue
        do {
            document = try JSONPathValue(decoding: try response.bodyData())
        } catch {
            throw CommandFailure(status: .failure, message: "--filter needs a JSON body: \(error)")
        }
        let nodes: [JSONPathNode]
        do {
            nodes = try path.select(in: document)
        } catch {
            throw CommandFailure(status: .failure, message: "--filter: \(error)")
        }
        for node in nodes { StandardStream.output.write(node.value.jsonText + "\n") }
    }
}

/// What `tern get URL … --save NAME` writes: the spec `id`, and the secrets its `{{secret:…}}` stand for.
struct SavedRequest: Equatable {
    struct Secret: Equatable {
        var name: String
        var value: String
    }

    var id: String
    var spec: SpecDefinition
    var secrets: [Secret]

    /// The spec `name` that `make` writes with the credentials it moves into `{{secret:…}}` references,
    /// beside the workspace `root`'s secret store (whose names it does not reuse).
    static func saving(
        as name: String, in root: URL, _ make: (inout SecretExtraction) throws -> SpecDefinition
    ) throws -> SavedRequest {
        let existing: SecretStore
        do {
            existing = try SecretStore.load(workspace: root)
        } catch {
            throw CommandFailure.usage(error.description)
        }
        var extraction = SecretExtraction(prefix: name, existing: existing)
        let spec = try make(&extraction)
        return SavedRequest(
            id: name, spec: spec, secrets: extraction.secrets.map { Secret(name: $0.name, value: $0.value) })
    }
}

/// A send's answer as the command prints it: the response, its checks and the captures it missed.
private struct SentAnswer {
    var response: Response
    var checks: [ExpectationResult]
    var captureMisses: [String]
    /// Whether the answer is a GraphQL operation's conversation (a subscription).
    var graphQLConversation = false

    /// The checks that did not hold.
    var failures: [ExpectationResult] { checks.filter { !$0.passed } }

    /// The answer `output` (a `.response`) carries.
    init(_ output: CommandOutput) throws(ExplorerError) {
        guard case .response(let response, let checks, let warnings) = output else {
            throw ExplorerError(.usage, "the send gave no response")
        }
        self.response = response
        self.checks = checks
        captureMisses = warnings
    }
}
