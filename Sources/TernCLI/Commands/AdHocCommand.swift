import ArgumentParser

/// `tern METHOD URL [ITEM...]`: one request typed on the command line, its method and help from a
/// row of `AdHocMethods`; lower or upper case (`tern get`, `tern GET`). Its help is `--help` alone: `-h` is
/// HTTPie's `--headers`.
struct AdHocCommand<Method: AdHocMethods.Method>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        guard let method = Method.name else {
            return CommandConfiguration(
                commandName: "request", abstract: Method.abstract, shouldDisplay: false, helpNames: [.long])
        }
        return CommandConfiguration(
            commandName: method.lowercased(), abstract: Method.abstract, helpNames: [.long], aliases: [method])
    }

    @OptionGroup var request: AdHocArguments

    func run() async throws { try await request.run(method: Method.name) }
}
