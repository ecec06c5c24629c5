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
            listings mask their values.
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

        func run() async throws {
            let (rows, environment) = try await runCache(
                workspace, environment: env.name, .cookies(.list(domain: domain))
            ) {
                if case .cookies(let rows, let environment) = $0 { (rows, environment) } else { nil }
            }
            let jar = environment.map { "environment \($0)" } ?? "no environment"
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

        func run() async throws {
            let message: String = try await runCache(
                workspace, environment: env.name, .cookies(.delete(name: name, domain: domain)))
            StandardStream.error.write("tern: \(message)\n")
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear", abstract: "Delete every cookie (of DOMAIN, when given).")
        @Argument(help: "Only the cookies of this domain and its subdomains.") var domain: String?
        @OptionGroup var workspace: WorkspacePlace
        @OptionGroup var env: EnvironmentOption

        func run() async throws {
            let message: String = try await runCache(workspace, environment: env.name, .cookies(.clear(domain: domain)))
            StandardStream.error.write("tern: \(message)\n")
        }
    }
}
