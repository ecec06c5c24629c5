import ArgumentParser
import Foundation
import TernExplorer

/// `tern cookies [list [DOMAIN]]|delete NAME [--domain DOMAIN]|clear [DOMAIN]`: the environment's cookie jar.
struct CookiesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cookies",
        abstract: "List, delete or clear the cookies the workspace keeps for an environment.",
        discussion: """
            Cookies are kept per environment in .tern/cookies.json (owner-only) and sent automatically; \
            listings mask their values. --session NAME works on the jar of a typed request's named session \
            ('tern get URL --session NAME'), in the scratch workspace outside a workspace.
            """,
        subcommands: [List.self, Delete.self, Clear.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the cookies, values masked.")
        @Argument(help: "Only the cookies of this domain and its subdomains.") var domain: String?
        @OptionGroup var workspace: WorkspacePlace
        @OptionGroup var env: EnvironmentOption
        @OptionGroup var session: CookieSessionOption

        func run() async throws {
            let (rows, environment) = try await runCache(
                try session.workspace(workspace), environment: env.name, cookieSession: session.name,
                .cookies(.list(domain: domain))
            ) {
                if case .cookies(let rows, let environment) = $0 { (rows, environment) } else { nil }
            }
            let jar =
                session.name.map { "session \($0)" } ?? environment.map { "environment \($0)" } ?? "no environment"
            guard !rows.isEmpty else {
                StandardStream.error.write("tern: no cookies (\(jar))\n")
                return
            }
            for line in CookieRow.lines(rows, now: Date()).dropLast(2) {
                StandardStream.output.write(line.replacingOccurrences(of: " +$", with: "", options: .regularExpression))
                StandardStream.output.write("\n")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete the cookies named NAME.")
        @Argument(help: "The cookie's name.") var name: String
        @Option(help: "Only on this domain (and its subdomains).") var domain: String?
        @OptionGroup var workspace: WorkspacePlace
        @OptionGroup var env: EnvironmentOption
        @OptionGroup var session: CookieSessionOption

        func run() async throws {
            let message: String = try await runCache(
                try session.workspace(workspace), environment: env.name, cookieSession: session.name,
                .cookies(.delete(name: name, domain: domain)))
            StandardStream.error.write("tern: \(message)\n")
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear", abstract: "Delete every cookie (of DOMAIN, when given).")
        @Argument(help: "Only the cookies of this domain and its subdomains.") var domain: String?
        @OptionGroup var workspace: WorkspacePlace
        @OptionGroup var env: EnvironmentOption
        @OptionGroup var session: CookieSessionOption

        func run() async throws {
            let message: String = try await runCache(
                try session.workspace(workspace), environment: env.name, cookieSession: session.name,
                .cookies(.clear(domain: domain)))
            StandardStream.error.write("tern: \(message)\n")
        }
    }
}

/// `--session NAME` of `tern cookies`: the jar of a typed request's named session instead of the environment's.
struct CookieSessionOption: ParsableArguments {
    @Option(name: .customLong("session"), help: "The named session's jar (tern get URL --session NAME).")
    var name: String?

    /// The workspace in force; with a session and no workspace around, the scratch one typed requests use.
    func workspace(_ options: some WorkspaceChoice) throws -> WorkspaceFolder {
        guard name != nil else { return WorkspaceFolder(workspace: options.workspace) }
        return WorkspaceFolder(workspace: try AdHocArguments.workspaceFolder(options.workspace))
    }
}
