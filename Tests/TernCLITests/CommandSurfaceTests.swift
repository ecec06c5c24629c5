import Foundation
import TernTesting
import Testing

/// What an installed `tern` tells about itself: every command of its tree in docs/cli.md's synopsis, help
/// texts that point at `man tern` (never at a docs file an installed user does not have), and a manual page
/// that `scripts/man-page.py` makes from the same tree.
@Suite("tern's command surface: synopsis, help and manual page")
struct CommandSurfaceTests {
    /// A command of the tree: its words from `tern` on, its help texts, and its subcommands.
    struct Node {
        var words: [String]
        var texts: [String]
        var children: [Node]
        /// Whether `--help` lists it (an alias like `tern request`, which `tern URL` means, is hidden).
        var shown: Bool

        init(_ json: [String: Any], words: [String]) {
            self.words = words
            var texts = [json["abstract"], json["discussion"]].compactMap { $0 as? String }
            for argument in json["arguments"] as? [[String: Any]] ?? [] {
                texts += [argument["abstract"], argument["discussion"]].compactMap { $0 as? String }
            }
            self.texts = texts
            shown = json["shouldDisplay"] as? Bool ?? true
            children = (json["subcommands"] as? [[String: Any]] ?? []).compactMap { child in
                (child["commandName"] as? String).map { Node(child, words: words + [$0]) }
            }
        }

        var all: [Node] { [self] + children.flatMap(\.all) }
    }

    static func tree() async throws -> Node {
        let dump = try await Tern.run(["--experimental-dump-help"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        return Node(try #require(json["command"] as? [String: Any]), words: ["tern"])
    }

    @Test("docs/cli.md's synopsis names every command and every subcommand")
    func synopsisNamesEveryCommand() async throws {
        let cli = try String(contentsOf: Tern.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let start = try #require(cli.range(of: "```\ntern send"))
        let end = try #require(cli.range(of: "\n```", range: start.upperBound..<cli.endIndex))
        let lines = cli[cli.index(start.lowerBound, offsetBy: 4)..<end.lowerBound].split(separator: "\n").map(
            String.init)
        let root = try await Self.tree()
        #expect(root.children.count >= 20, "the tree has its commands")
        for command in root.children {
            let name = command.words[1]
            // A line for the command: `tern NAME …`, `tern [NAME] …` or a list of names `tern [a|NAME|b] …`.
            let mentions = lines.filter { line in
                let words = line.split(whereSeparator: { " []|".contains($0) }).map(String.init)
                return words.first == "tern" && words.dropFirst().prefix(7).contains(name)
            }
            #expect(!mentions.isEmpty, "docs/cli.md's synopsis has no line for 'tern \(name)'")
            for sub in command.children {
                let word = sub.words[2]
                let named = mentions.contains {
                    $0.split(whereSeparator: { " []|".contains($0) }).contains { $0 == word }
                }
                #expect(named, "docs/cli.md's synopsis does not name 'tern \(name) \(word)'")
            }
        }
    }

    @Test("no help text sends an installed user to a docs file; each points at the manual page instead")
    func helpPointsAtTheManualPage() async throws {
        let root = try await Self.tree()
        for node in root.all {
            for text in node.texts {
                #expect(
                    !text.contains("docs/") && text.range(of: #"\b[a-z-]+\.md\b"#, options: .regularExpression) == nil,
                    "'\(node.words.joined(separator: " "))' help names a docs file: \(text)")
            }
        }
    }

    @Test("scripts/man-page.py makes a page with every command, the WORKSPACE rules and the files")
    func manualPage() async throws {
        let page = try await ChildProcess.run(
            "/usr/bin/python3",
            [Tern.packageRoot.appendingPathComponent("scripts/man-page.py").path, Tern.binary.path],
            joinErrors: false, timeout: 60)
        #expect(page.status == 0, "\(String(decoding: page.error, as: UTF8.self))")
        for section in [".SH NAME", ".SH SYNOPSIS", ".SH COMMANDS", ".SH WORKSPACE", ".SH FILES"] {
            #expect(page.text.contains(section), "the page has \(section)")
        }
        #expect(page.text.contains("tern/scratch"), "FILES names the scratch workspace")
        for command in try await Self.tree().children where command.shown && command.words[1] != "help" {
            #expect(page.text.contains("tern \(command.words[1])"), "the page has 'tern \(command.words[1])'")
        }
    }
}
