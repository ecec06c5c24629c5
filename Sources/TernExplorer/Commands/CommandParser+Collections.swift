extension CommandParser {
    /// `load SPEC|GROUP... [--rate R [--connections C] | --concurrency N] [--duration D] [--check-every N]
    /// [--data FILE] [--engine auto|wire|handler]`.
    static func parseLoad(_ arguments: [String]) throws(ExplorerError) -> LoadOptions {
        var names: [String] = []
        var numbers: [String: Double] = [:]
        var dataFile: String?
        var engine: LoadOptions.Engine?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--data" {
                guard index + 1 < arguments.count, dataFile == nil else { throw usage("load") }
                dataFile = arguments[index + 1]
                index += 2
            } else if argument == "--engine" {
                guard index + 1 < arguments.count, engine == nil,
                    let named = LoadOptions.Engine(rawValue: arguments[index + 1])
                else { throw usage("load") }
                engine = named
                index += 2
            } else if ["--rate", "--connections", "--concurrency", "--duration", "--check-every"].contains(argument) {
                guard index + 1 < arguments.count, let value = Double(arguments[index + 1]), value.isFinite,
                    numbers[argument] == nil
                else { throw usage("load") }
                numbers[argument] = value
                index += 2
            } else {
                guard !argument.hasPrefix("-") else { throw usage("load") }
                names.append(argument)
                index += 1
            }
        }
        let rate = numbers["--rate"]
        guard rate == nil || numbers["--concurrency"] == nil, numbers["--connections"] == nil || rate != nil else {
            throw usage("load")
        }
        func whole(_ name: String, _ fallback: Int) -> Int {
            numbers[name].map { Int(exactly: $0.rounded(.towardZero)) ?? -1 } ?? fallback
        }
        let arrivals: LoadOptions.Arrivals =
            if let rate { .rate(rate, connections: whole("--connections", 64)) } else {
                .concurrency(whole("--concurrency", 10))
            }
        var options = LoadOptions(
            names: names, arrivals: arrivals, duration: numbers["--duration"] ?? 10,
            checkEvery: whole("--check-every", 0))
        options.dataFile = dataFile
        options.engine = engine ?? .automatic
        if let problem = options.problem { throw ExplorerError(.usage, problem) }
        return options
    }

    /// `run [SPEC|GROUP]... [--data FILE]`.
    static func parseRun(_ arguments: [String]) throws(ExplorerError) -> RunTarget {
        var target = RunTarget()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--data" {
                guard index + 1 < arguments.count, target.data == nil else { throw usage("run") }
                target.data = arguments[index + 1]
                index += 2
            } else if argument.hasPrefix("--data=") {
                let file = String(argument.dropFirst("--data=".count))
                guard target.data == nil, !file.isEmpty else { throw usage("run") }
                target.data = file
                index += 1
            } else {
                guard !argument.hasPrefix("-") else { throw usage("run") }
                target.names.append(argument)
                index += 1
            }
        }
        return target
    }

    /// `import FORMAT SOURCE [--into GROUP] [--overwrite] [--dry-run] [--into-cache] [--copy-files]`.
    static func parseImport(_ arguments: [String]) throws(ExplorerError) -> Command {
        var words = arguments
        let overwrite = take("--overwrite", from: &words)
        let dryRun = take("--dry-run", from: &words)
        let intoCache = take("--into-cache", from: &words)
        let copyFiles = take("--copy-files", from: &words)
        let group = try value(of: "--into", in: &words, for: "import")
        guard words.count == 2, let format = CollectionImport.Request.format(named: words[0]) else {
            if let word = words.first, CollectionImport.Request.format(named: word) == nil {
                let known = CollectionImport.Request.formatWords.joined(separator: "|")
                throw ExplorerError(.usage, "'\(word)' is not a format to import: use \(known)")
            }
            throw usage("import")
        }
        let request = CollectionImport.Request(
            format: format, source: words[1], group: group, overwrite: overwrite, intoCache: intoCache,
            copyFiles: copyFiles)
        return .importCollection(request, dryRun: dryRun)
    }

    /// `export curl [SPEC]`, `export har [SPEC|GROUP]... [--from history|cache] -o FILE [--force]`,
    /// `export postman [GROUP] -o FILE [--force]`.
    static func parseExport(_ arguments: [String]) throws(ExplorerError) -> Command.ExportAction {
        var words = Array(arguments.dropFirst())
        let force = take("--force", from: &words)
        let file = try value(of: "-o", in: &words, for: "export")
        switch arguments.first?.lowercased() {
        case "curl":
            guard words.count <= 1, file == nil else { throw usage("export") }
            return .curl(words.first)
        case "grpcurl":
            guard words.count <= 1, file == nil else { throw usage("export") }
            return .grpcurl(words.first)
        case "har":
            let from = try value(of: "--from", in: &words, for: "export") ?? "history"
            guard from == "history" || from == "cache" else {
                throw ExplorerError(.usage, "--from takes history or cache, not '\(from)'")
            }
            guard let file else { throw ExplorerError(.usage, "export har needs a file: -o FILE") }
            return .har(file: file, names: words, fromCache: from == "cache", force: force)
        case "postman":
            guard let file, words.count <= 1 else {
                throw ExplorerError(.usage, "export postman [GROUP] -o FILE: name a file with -o")
            }
            return .postman(file: file, group: words.first, force: force)
        case "http":
            guard let file, words.count <= 1 else {
                throw ExplorerError(.usage, "export http [GROUP] -o FILE: name a file with -o")
            }
            return .http(file: file, group: words.first, force: force)
        case "locust":
            guard let file else {
                throw ExplorerError(.usage, "export locust [SPEC|GROUP]... -o FILE: name a file with -o")
            }
            return .locust(file: file, names: words, force: force)
        default:
            throw usage("export")
        }
    }

    /// Removes `flag` from `words`; whether it was there.
    private static func take(_ flag: String, from words: inout [String]) -> Bool {
        let count = words.count
        words.removeAll { $0 == flag }
        return words.count != count
    }

    /// The value after `option` (removed with it), or nil when absent.
    private static func value(of option: String, in words: inout [String], for name: String) throws(ExplorerError)
        -> String?
    {
        guard let index = words.firstIndex(of: option) else { return nil }
        guard index + 1 < words.count else { throw ExplorerError(.usage, "\(option) needs a value") }
        let value = words[index + 1]
        words.removeSubrange(index...(index + 1))
        return value
    }
}
