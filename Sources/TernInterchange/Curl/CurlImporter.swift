import Foundation

/// Reads curl command lines (from docs, a README or a browser's "Copy as cURL", bash or Windows
/// `cmd` syntax; one or several) into one spec per request.
///
/// Each spec has the full URL as its `path` and no target. Credentials become `{{env:NAME}}` with
/// a warning; options a spec cannot express are warnings naming the option. Method rules are
/// curl's: `-d`/`-F`/`--json` POST, `-G` GET with the data in the query, `-I` HEAD, `-T` PUT,
/// and `-X` overrides them, its case kept.
package enum CurlImporter {
    /// The largest source read (64 MiB).
    static let maximumSourceBytes = 64 << 20

    /// The collection `source` describes, or an error with `file:line:column`.
    package static func read(_ source: ImportSource) throws(ImportError) -> ImportedCollection {
        try source.checkSize(atMost: maximumSourceBytes)
        let text = try source.text()
        let commands =
            WindowsCommandLine.looksLikeCmd(text)
            ? try WindowsCommandLine.commands(in: text, source: source.name)
            : try ShellWords.commands(in: text, source: source.name)
        var mapper = CurlMapper(source: source)
        var found = false
        for command in commands {
            var words = command.words
            if words.first?.text == "$" || words.first?.text == ">" { words.removeFirst() }
            guard let program = words.first else { continue }
            guard isCurl(program.text) else {
                mapper.warnings.append(
                    "line \(program.line): '\(program.text.prefix(40))' is not a curl command: ignored")
                continue
            }
            found = true
            for line in command.spacedContinuations {
                mapper.warnings.append(
                    "line \(line): spaces after the '\\' that continues the line were ignored (bash would end the "
                        + "command there)")
            }
            let location: (ShellWord) -> String = { "\(source.name):\($0.line):\($0.column)" }
            let invocations = try CurlArguments.parse(Array(words.dropFirst()), location: location)
            for invocation in invocations {
                try mapper.add(invocation, line: program.line, environmentNames: command.environmentNames)
            }
        }
        guard found else {
            throw ImportError("\(source.name) holds no curl command", at: "\(source.name):1:1")
        }
        return mapper.collection()
    }

    /// Whether `word` runs curl (`curl`, `curl.exe`, `/usr/bin/curl`).
    static func isCurl(_ word: String) -> Bool {
        let name = word.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? word
        return name == "curl" || name.lowercased() == "curl.exe"
    }
}
