import ArgumentParser
import Foundation
import TernExplorer

/// `tern auth [status]|login [SPEC]|logout [--all]|token [SPEC]`: the workspace's OAuth 2.0 sign-ins.
struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Show, get, print or forget the OAuth 2.0 tokens the workspace keeps for an environment.",
        discussion: """
            Specs with `auth: {type: oauth2, ...}` sign in on their first send; tokens are kept per environment \
            in .tern/oauth-tokens.json (owner-only) and refreshed before they expire. Listings never show them.
            """,
        subcommands: [Status.self, Login.self, Logout.self, Token.self],
        defaultSubcommand: Status.self
    )

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "List the stored tokens (masked) and their expiry.")
        @OptionGroup var workspace: WorkspaceOptions
        @OptionGroup var env: EnvironmentOption

        func run() async throws {
            let (rows, environment) = try await runCache(workspace, environment: env.name, .auth(.status)) {
                if case .signIns(let rows, let environment) = $0 { (rows, environment) } else { nil }
            }
            let lines = SignInRow.lines(rows, environment: environment, now: Date())
            if rows.isEmpty {
                StandardStream.error.write("tern: \(lines.joined())\n")
                return
            }
            for line in lines.dropLast() { StandardStream.output.write(line + "\n") }
        }
    }

    struct Login: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "login",
            abstract: "Sign in now for SPEC's OAuth 2.0 auth (default: the workspace's only one).")
        @Argument(help: "A spec whose auth (or its target's) is oauth2.") var spec: String?
        @OptionGroup var workspace: WorkspaceOptions
        @OptionGroup var env: EnvironmentOption

        func run() async throws {
            let message: String = try await runCache(
                workspace, environment: env.name, startsMock: true, .auth(.login(spec)))
            StandardStream.error.write("tern: \(message)\n")
        }
    }

    struct Logout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout", abstract: "Forget the environment's tokens.")
        @Flag(help: "Forget the tokens of every environment.") var all = false
        @OptionGroup var workspace: WorkspaceOptions
        @OptionGroup var env: EnvironmentOption

        func run() async throws {
            let message: String = try await runCache(workspace, environment: env.name, .auth(.logout(all: all)))
            StandardStream.error.write("tern: \(message)\n")
        }
    }

    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "token",
            abstract: "Print a current access token in clear, for scripts.",
            discussion: """
                Signs in or refreshes first when needed. Prints only the token, e.g. \
                curl --oauth2-bearer "$(tern auth token SPEC)" URL. Handle the output as a secret.
                """)
        @Argument(help: "A spec whose auth (or its target's) is oauth2.") var spec: String?
        @OptionGroup var workspace: WorkspaceOptions
        @OptionGroup var env: EnvironmentOption

        func run() async throws {
            let token = try await OpenedWorkspace.with(workspace, .requests(environment: env.name)) { opened in
                do throws(ExplorerError) {
                    return try await opened.session.run(.auth(.token(spec))).sentence ?? ""
                } catch {
                    throw CommandFailure.usage(error.message)
                }
            }
            StandardStream.output.write(token + "\n")
        }
    }
}
