import ArgumentParser

/// `--var k=v` (repeatable), variables above the environment's, shared by the commands that send
/// or resolve specs.
///
/// `tern send` says "for this send" and declares its own; both are read by `NameValuePairs`.
struct VariableOptions: ParsableArguments {
    @Option(name: .customLong("var"), help: ArgumentHelp("Set a variable (repeatable).", valueName: "k=v"))
    var pairs: [String] = []

    /// The variables given, by name (a later pair wins); a pair without `=` is a usage error.
    func values() throws(CommandFailure) -> [String: String] {
        try NameValuePairs.parse(pairs, option: "--var")
    }
}
