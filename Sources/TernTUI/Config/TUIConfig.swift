package import Foundation
package import TernScreen
import Yams

/// The user's TUI settings, from `$XDG_CONFIG_HOME/tern/config.yaml` (else `~/.config/tern/config.yaml`):
///
/// ```yaml
/// theme: light            # dark (the default) or light
/// mouse: false            # leave the mouse to the terminal
/// colors:                 # show a colour as another (after the theme)
///   yellow: brightRed
/// keys:                   # rebind an action (names in docs/keys.md) to one key or a list
///   pickEnvironment: e
///   yank: [y, Ctrl-Y]
/// ```
package struct TUIConfig: Sendable, Hashable {
    package var theme = Theme.dark
    package var mouse = true
    /// The keys each named action gets instead of its own.
    package var keys: [Action: [Key]] = [:]

    /// The key table the TUI runs with: the defaults with `keys` applied (`parse` has checked them).
    package var keyTable: KeyTable {
        (try? KeyTable.applying(keys, file: "")).map { KeyTable($0) } ?? KeyTable()
    }

    /// The settings Tern starts with when there is no file.
    package init() {}

    /// The most a config file may hold: it is a few lines.
    static let sizeLimit = 64 * 1024

    /// Where the file is for `environment`.
    package static func path(in environment: [String: String]) -> URL? {
        if let base = environment["XDG_CONFIG_HOME"], !base.isEmpty {
            return URL(fileURLWithPath: base).appendingPathComponent("tern/config.yaml")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".config/tern/config.yaml")
    }

    /// The settings in the file for `environment`; the defaults when there is none.
    package static func load(environment: [String: String]) throws(TUIConfigError) -> TUIConfig {
        guard let url = path(in: environment), FileManager.default.fileExists(atPath: url.path) else {
            return TUIConfig()
        }
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw TUIConfigError(url.path, "cannot be read")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: sizeLimit + 1)) ?? Data()
        guard data.count <= sizeLimit else { throw TUIConfigError(url.path, "is larger than 64 KB") }
        return try parse(String(decoding: data, as: UTF8.self), file: url.path)
    }

    /// The settings in `text`; `file` names it in errors.
    package static func parse(_ text: String, file: String) throws(TUIConfigError) -> TUIConfig {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            throw TUIConfigError(file, "is not YAML: \(error)")
        }
        var config = TUIConfig()
        guard let node else { return config }
        guard let mapping = node.mapping else { throw TUIConfigError(file, "must be a mapping (theme:, keys:, ...)") }
        for (keyNode, value) in mapping {
            let field = keyNode.string ?? ""
            switch field {
            case "theme":
                let name = value.string ?? ""
                guard let theme = Theme.all.first(where: { $0.name == name }) else {
                    throw TUIConfigError(
                        file, "theme '\(name)' is not one of \(Theme.all.map(\.name).joined(separator: ", "))")
                }
                config.theme.name = theme.name
                config.theme.palette.merge(theme.palette) { _, new in new }
            case "mouse":
                guard let on = value.bool else { throw TUIConfigError(file, "mouse must be true or false") }
                config.mouse = on
            case "colors":
                guard let colors = value.mapping else { throw TUIConfigError(file, "colors: must map colour names") }
                for (name, shown) in colors {
                    guard let from = Color(name: name.string ?? ""), let to = Color(name: shown.string ?? "") else {
                        throw TUIConfigError(
                            file,
                            "colors: '\(name.string ?? "")' or '\(shown.string ?? "")' is not a colour name "
                                + "(\(Color.allCases.map { "\($0)" }.joined(separator: ", ")))")
                    }
                    config.theme.palette[from] = to
                }
            case "keys":
                config.keys = try keys(value, file: file)
            default:
                throw TUIConfigError(file, "unknown field '\(field)' (theme, mouse, colors, keys)")
            }
        }
        _ = try KeyTable.applying(config.keys, file: file)
        return config
    }

    private static func keys(_ node: Node, file: String) throws(TUIConfigError) -> [Action: [Key]] {
        guard let mapping = node.mapping else { throw TUIConfigError(file, "keys: must map action names to keys") }
        var result: [Action: [Key]] = [:]
        for (nameNode, value) in mapping {
            let name = nameNode.string ?? ""
            guard let action = Action(rawValue: name) else {
                let close = Action.allCases.map(\.rawValue).filter { $0.lowercased() == name.lowercased() }
                let hint = close.first.map { " (did you mean '\($0)'?)" } ?? "; the names are in docs/keys.md"
                throw TUIConfigError(file, "keys: no action '\(name)'\(hint)")
            }
            let texts = value.sequence.map { $0.compactMap(\.string) } ?? value.string.map { [$0] } ?? []
            var keys: [Key] = []
            for text in texts {
                guard let key = Key(name: text) else { throw TUIConfigError(file, "keys: '\(text)' is not a key name") }
                keys.append(key)
            }
            guard !keys.isEmpty else { throw TUIConfigError(file, "keys: \(name) needs at least one key") }
            result[action] = keys
        }
        return result
    }
}

/// The config file could not be used: which file and why.
package struct TUIConfigError: Error, Sendable, CustomStringConvertible {
    package let description: String

    init(_ file: String, _ problem: String) {
        description = "\(file) \(problem)"
    }
}

extension KeyTable {
    /// The default table with `overrides` (an action's keys replaced everywhere it is bound); a key
    /// that would then do two things in one place is an error.
    package static func applying(_ overrides: [Action: [Key]], file: String) throws(TUIConfigError) -> [KeyBinding] {
        let table = defaults.map { binding in
            var binding = binding
            if let keys = overrides[binding.action] { binding.keys = keys }
            return binding
        }
        // Each pane's keys with those of everywhere, and each view's alone: one key, one action, wherever
        // the focus is.
        let places: [(String, Set<KeyScope>)] =
            Pane.allCases.map { ($0.title, [.pane($0), .everywhere]) }
            + [KeyScope.history, .runResults, .cookies, .picker, .window].map { ($0.title, [$0]) }
        for (place, scopes) in places {
            var seen: [Key: Action] = [:]
            for binding in table where scopes.contains(binding.scope) {
                for key in binding.keys {
                    if let other = seen[key], other != binding.action {
                        let both = "'\(other.rawValue)' and '\(binding.action.rawValue)'"
                        throw TUIConfigError(file, "keys: \(key) would be both \(both) in \(place)")
                    }
                    seen[key] = binding.action
                }
            }
        }
        return table
    }
}
