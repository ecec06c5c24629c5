package import Foundation
package import Tern
package import TernExplorerStorage
package import TernWorkspace

/// One command of the explorer's language: what the REPL reads, the TUI's `:` line runs, and the CLI maps to.
package enum Command: Sendable, Equatable {
    /// `help [COMMAND]`: the command list, or one command's usage.
    case help(String?)
    /// `ls`: the workspace's specs.
    case list
    /// `use SPEC`: select a spec.
    case use(String)
    /// `show`: the selected spec, fully resolved.
    case show
    /// `set header|query|var NAME VALUE`: an edit to the selected spec (or a session variable).
    case set(EditField, name: String, value: String)
    /// `unset header|query|var NAME`.
    case unset(EditField, name: String)
    /// `body TEXT|@FILE|edit`.
    case body(BodySource)
    /// `mode MODE`: normal, live, cache or sample.
    case mode(ResponseMode)
    /// `env NAME`: switch environments.
    case environment(String)
    /// `redirects [follow|off|N]`: follow redirects (up to N hops) or not, for this session's sends;
    /// without an argument, say what is in force.
    case redirects(RedirectPolicy?)
    /// `send [SPEC]`: send the selected (or named) spec.
    case send(String?)
    /// `log`: the retry log.
    case log
    /// `transfers`: uploads and downloads, running and finished.
    case transfers
    /// `cache list|show KEY|clear [KEY]|export FILE [SPEC|GROUP]...|import FILE|promote KEY`.
    case cache(CacheAction)
    /// `save [as NAME]`: write the edited spec (optionally as a new spec); `save --force` writes it over a
    /// file that changed on disk since it was read.
    case save(as: String?, force: Bool = false)
    /// `revert [SPEC]`: drop the unsaved edits of the spec (the selected one by default).
    case revert(String?)
    /// `reload`: read the workspace's files again now (the TUI and the REPL also do when they change).
    case reload
    /// `history`: the sends recorded in the workspace.
    case history
    /// `curl`: the resolved request as a curl command line.
    case curl
    /// `verify [SPEC|GROUP]...`: compare live answers with the stored ones (the selected spec by default, every
    /// spec with `allWhenEmpty`, as `tern verify` does).
    case verify([String], allWhenEmpty: Bool = false)
    /// `run [SPEC|GROUP]... [--data FILE]`
    case run(RunTarget)
    /// `load SPEC|GROUP... [--rate R [--connections C] | --concurrency N] [--duration D] [--check-every N]
    /// [--data FILE] [--engine auto|wire|handler]`
    case load(LoadOptions)
    /// `diff [SPEC] [--with ENV | --history N M]`: two answers compared (nothing is sent).
    case diff(String?, DiffTarget)
    /// `vars` lists every variable with its source; `vars clear [NAME]...` forgets captured values.
    case vars(clear: [String]?)
    /// `filter EXPR`: the nodes a JSONPath selects in the last response's JSON body.
    case filter(String)
    /// `timing`: where the last live response's time went, phase by phase.
    case timing
    /// `rerun N`: sends again the spec of the Nth entry `history` lists (1 is the newest).
    case rerun(Int)
    /// `import FORMAT SOURCE [--into GROUP] [--overwrite] [--dry-run]`: bring a curl command, an OpenAPI
    /// description, a Postman or Insomnia collection or a HAR into the workspace.
    case importCollection(CollectionImport.Request, dryRun: Bool)
    /// `export curl [SPEC]`, `export har [SPEC|GROUP]... -o FILE`, `export postman [GROUP] -o FILE`.
    case export(ExportAction)
    /// `quit`.
    case quit
    /// `cookies [list [DOMAIN]]|delete NAME [--domain DOMAIN]|clear [DOMAIN]`: the cookie jar of the environment.
    case cookies(CookieAction)
    /// `auth [status]|login [SPEC]|logout [--all]`: the OAuth 2.0 sign-ins of the environment.
    case auth(AuthAction)
    /// `connect [SPEC]`, `say TEXT`, `recv [N]`, `ping`, `close [CODE]`: a WebSocket conversation held open.
    case conversation(ConversationAction)
    /// A change the TUI's request editor makes to the selected spec (or, for variables, to the session).
    case edit(SpecEdit)
    /// The resolved request of the spec (the selected one by default) as it would be sent, secrets not
    /// masked (the CLI's `--offline`, `--save` and `-v` print it through their own masking).
    case resolve(String?)
    /// A request typed on the command line (`tern get URL …`).
    case adHoc(AdHocAction)
    /// `grpc list|describe|call`: a gRPC server's services, a symbol's definition, or one call.
    case grpc(GRPCAction)
    /// A gRPC target of the workspace: its services and methods, a new request for one of its methods, or
    /// a `grpc` call kept as a spec.
    case grpcTarget(GRPCTargetAction)

    /// `graphql schema [TYPE]`, `graphql refresh TARGET`: what a GraphQL endpoint's schema holds.
    case graphql(GraphQLAction)

    /// What `graphql` does.
    package enum GraphQLAction: Sendable, Equatable {
        /// The schema of a server by its address, asked by introspection with these headers, as SDL.
        case schema(url: String, headers: [String])
        /// Asks a target's server for its schema again and keeps it in `.tern/graphql/`.
        case refresh(target: String)
        /// The SDL of one type (every type's names when `nil`) of a target's schema (the selected spec's
        /// target when `nil`), from what is known without asking the server when it is kept.
        case type(String?, target: String?)
        /// The root fields of a target's schema (the TUI's tree): from what is kept, else by introspection.
        case catalog(target: String)
        /// Selects a new unsaved request on `target` whose operation starts from the root field `field` of
        /// `operation` (`query`, `mutation`, `subscription`; `""`: the first of that name, query's first):
        /// its required arguments as variables, its
        /// result's leaf fields selected, the field's description and arguments as comments above it; the
        /// `arguments` given (`first=2`, as the builder's values are typed) set.
        case draft(target: String, operation: String, field: String, arguments: [String: String] = [:])
        /// The query builder: changes the operation that starts from the root field `field` of `operation` on
        /// `target` by one tick (the selected spec when it is that operation, else its new request, opened
        /// first), and writes it again with its variables.
        case tick(target: String, operation: String, field: String, GraphQLTick)
    }

    /// One change the query builder makes to an operation.
    package enum GraphQLTick: Sendable, Equatable {
        /// Ticks the field at the path below the root field (`... on Type` for an inline fragment), or unticks
        /// it and what is below it.
        case field([String])
        /// Gives the argument `name` of the field at `path` (`[]`: the root field) a value of its type to fill
        /// in, or takes it away.
        case argument(path: [String], name: String)
        /// Gives the argument `name` of the field at `path` the value `text` (JSON, or a string as it is).
        case value(path: [String], name: String, text: String)
    }

    /// What `grpcTarget` does.
    package enum GRPCTargetAction: Sendable, Equatable {
        /// The services and methods of the target (the TUI's tree): from reflection, else from what it
        /// kept in `.tern/grpc/` when the server cannot be reached, or from the target's files.
        case catalog(String)
        /// Selects a new unsaved request of `method` (`pkg.Service/Method`) on `target`, its message the
        /// template of the method's input type (the spec that already calls it, when there is one).
        case draft(target: String, method: String)
        /// Keeps the call of `method` with the messages of `input` at `endpoint` as the new spec `as`, on the
        /// workspace's target with the endpoint's address (a target is added when none has it); never
        /// replaces a spec.
        case save(GRPCEndpoint, method: String, input: Data?, as: String)
    }

    /// What `grpc` does, at an endpoint.
    package enum GRPCAction: Sendable, Equatable {
        /// The services (or, given one, its methods), full names sorted.
        case list(GRPCEndpoint, service: String?)
        /// A service, method, message or enum as .proto-like text.
        case describe(GRPCEndpoint, symbol: String)
        /// Calls `method` (`pkg.Service/Method`) with the request messages of `input` (JSON documents,
        /// one a message; `nil`: none given, so an empty message for a unary call).
        case call(GRPCEndpoint, method: String, input: Data?)
        /// What Tab completes to at the endpoint (methods, symbols, request fields), from the descriptors
        /// known without a call: `--proto`/`--protoset`, else what reflection kept in `.tern/grpc/`.
        case vocabulary(GRPCEndpoint)

        /// The endpoint it goes to.
        package var endpoint: GRPCEndpoint {
            switch self {
            case .list(let endpoint, _), .describe(let endpoint, _), .call(let endpoint, _, _),
                .vocabulary(let endpoint):
                endpoint
            }
        }
    }

    /// What an ad-hoc request does.
    package enum AdHocAction: Sendable, Equatable {
        /// Sends it through the session (its environment's variables, cookies, mode and cache).
        case send(SpecDefinition)
        /// The request it makes, resolved as it would be sent (`--offline`).
        case resolve(SpecDefinition)
        /// Saves it as the new spec `as` (`--save NAME`), its secrets kept in the store; never replaces a spec.
        case save(SpecDefinition, as: String, secrets: [AdHocSecret])
    }

    /// What a WebSocket command does.
    package enum ConversationAction: Sendable, Equatable {
        /// Opens the selected (or named) WebSocket spec and sends its messages.
        case connect(String?)
        /// Sends a text message.
        case say(String)
        /// Writes a message in the editor (`say` alone), JSON checked when it looks like JSON, and sends it.
        case compose
        /// Shows what arrived since last asked (at most N), waiting a moment when nothing did.
        case receive(Int?)
        /// Sends a ping.
        case ping
        /// Ends the conversation with a close code (1000 by default).
        case close(UInt16?)
    }

    /// What `set`/`unset` change.
    package enum EditField: String, Sendable, CaseIterable {
        case header
        case query
        case variable = "var"
        /// A secret of the workspace's store (`.tern/secrets.yaml`); only the TUI's prompt sets one, so
        /// the value is never typed on a command line.
        case secret
        /// A secret used for this session only, never written (the TUI prompt's other choice).
        case sessionSecret = "secret-once"

        /// Whether the field is a secret (never typed on a command line, never a row of a spec).
        package var isSecret: Bool { self == .secret || self == .sessionSecret }
    }

    /// Where a new body comes from.
    package enum BodySource: Sendable, Equatable {
        case text(String)
        case file(String)
        case editor
    }

    /// The export subcommands.
    package enum ExportAction: Sendable, Equatable {
        /// `export curl [SPEC]`: the spec (default: the selected one) as one bash command.
        case curl(String?)
        /// `export grpcurl [SPEC]`: the gRPC spec (default: the selected one) as one grpcurl command.
        case grpcurl(String?)
        /// `export har [SPEC|GROUP]... [--from history|cache] -o FILE [--force]`.
        case har(file: String, names: [String], fromCache: Bool, force: Bool)
        /// `export postman [GROUP] -o FILE [--force]`: a Postman collection v2.1.
        case postman(file: String, group: String?, force: Bool)
        /// `export http [GROUP] -o FILE [--force]`: a `.http` file (JetBrains, VS Code REST Client).
        case http(file: String, group: String?, force: Bool)
        /// `export locust [SPEC|GROUP]... -o FILE [--force]`: a locustfile sending the same requests.
        case locust(file: String, names: [String], force: Bool)
    }

    /// The cookie subcommands.
    package enum CookieAction: Sendable, Equatable {
        /// `cookies [list [DOMAIN]]`: every cookie (of DOMAIN and its subdomains), values masked.
        case list(domain: String?)
        /// `cookies delete NAME [--domain DOMAIN]`.
        case delete(name: String, domain: String?)
        /// `cookies clear [DOMAIN]`.
        case clear(domain: String?)
    }

    /// The OAuth 2.0 subcommands.
    package enum AuthAction: Sendable, Equatable {
        /// `auth [status]`: the stored tokens, masked, with their expiry.
        case status
        /// `auth login [SPEC]`: get a token now for the spec's `oauth2` auth (default: the selected spec, else
        /// the workspace's only OAuth 2.0 configuration).
        case login(String?)
        /// `auth logout [--all]`: forget the environment's tokens (every environment's with `--all`).
        case logout(all: Bool)
        /// The current access token of the spec's `oauth2` auth, signing in when needed (`tern auth token`).
        case token(String?)
    }

    /// The cache subcommands.
    package enum CacheAction: Sendable, Equatable {
        case list
        case show(String)
        case clear(String?)
        /// `export FILE [--force] [SPEC|GROUP]...`: write stored answers as HAR 1.2.
        case export(String, names: [String], force: Bool)
        /// `import FILE`: store a HAR file's answers under this machine's keys.
        case importHAR(String)
        /// `promote KEY|SPEC [--force]`: write a stored answer into its spec's `sample:`.
        case promote(String, force: Bool)
        /// The answer the cache keeps for a send of the history (what the history browser opens).
        case answer(of: HistoryEntry)
        /// Stores recorded answers (an import's) under the keys `send` looks up (`import --into-cache`).
        case storeRecorded([RecordedItem])
    }
}

extension Command {
    /// Whether it changes the session's settings (mode, environment, variables): front ends apply
    /// those in the order they were given.
    package var changesSettings: Bool {
        switch self {
        case .mode, .environment, .redirects(.some), .set(.variable, _, _), .unset(.variable, _): true
        default: false
        }
    }
}
