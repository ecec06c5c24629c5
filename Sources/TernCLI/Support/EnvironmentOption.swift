import ArgumentParser

/// `--env NAME`, the environment a command works in, shared by the commands that open one.
///
/// `tern tui` ("to start in"), `tern cache import` and `tern export locust` say something else
/// about it, and declare their own.
struct EnvironmentOption: ParsableArguments {
    @Option(help: "The environment (default: the workspace's defaultEnvironment).")
    var env: String?

    /// The environment named, nil for the workspace's default.
    var name: String? { env }
}
