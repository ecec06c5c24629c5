import Foundation
import Tern
import TernScreen
import Testing

@testable import TernTUI

/// `$XDG_CONFIG_HOME/tern/config.yaml`: a theme, colours, the mouse and key overrides that go
/// through the same `KeyTable` the TUI, its help and docs/keys.md use.
@Suite struct TUIConfigTests {
    @Test func aLightThemeAndColoursMapTheTerminalsColours() throws {
        let config = try TUIConfig.parse("theme: light\ncolors:\n  red: brightRed\nmouse: false\n", file: "c.yaml")
        #expect(config.theme.name == "light")
        #expect(config.theme.map(.yellow) == .magenta)
        #expect(config.theme.map(.red) == .brightRed)
        #expect(config.theme.map(.blue) == .blue)
        #expect(config.mouse == false)
        #expect(try TUIConfig.parse("", file: "c.yaml") == TUIConfig())
        #expect(Theme.dark.map(.yellow) == .yellow)
    }

    @Test func keyOverridesRebindAnActionEverywhereItIsBound() throws {
        let config = try TUIConfig.parse("keys:\n  pickEnvironment: Ctrl-E\n  yank: [Y, F2]\n", file: "c.yaml")
        #expect(config.keys[.pickEnvironment] == [.ctrl("e")])
        #expect(config.keys[.yank] == [.character("Y"), .function(2)])
        let table = try KeyTable.applying(config.keys, file: "c.yaml")
        #expect(table.first { $0.action == .yank }?.keys == [.character("Y"), .function(2)])
        #expect(table.count == KeyTable.defaults.count)
        let keys = KeyTable(table)
        #expect(keys.action(for: .ctrl("e"), in: .tree) == .pickEnvironment, "the table the app state is given")
        #expect(keys.action(for: .character("E"), in: .tree) == nil)
        #expect(KeyTable().action(for: .character("E"), in: .tree) == .pickEnvironment, "the defaults are untouched")
    }

    @Test func mistakesAreNamedWithTheFile() {
        func problem(_ text: String) -> String {
            do {
                _ = try TUIConfig.parse(text, file: "config.yaml")
                return ""
            } catch {
                return error.description
            }
        }
        #expect(problem("theme: solarized").contains("theme 'solarized' is not one of dark, light"))
        #expect(problem("keys:\n  pickenvironment: e").contains("did you mean 'pickEnvironment'?"))
        #expect(problem("keys:\n  yank: Ctrl-C").contains("'Ctrl-C' is not a key name"))
        #expect(problem("keys:\n  yank: e").contains("keys: e would be both 'yank' and 'edit' in Workspace"))
        #expect(problem("colour: red").contains("unknown field 'colour'"))
        #expect(problem("[1, 2]").contains("must be a mapping"))
        #expect(problem("theme: [").hasPrefix("config.yaml is not YAML"))
    }

    @Test func theFileIsFoundThroughXDGConfigHomeElseHome() throws {
        #expect(TUIConfig.path(in: ["XDG_CONFIG_HOME": "/x"])?.path == "/x/tern/config.yaml")
        #expect(TUIConfig.path(in: ["HOME": "/home/ada"])?.path == "/home/ada/.config/tern/config.yaml")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try TUIConfig.load(environment: ["XDG_CONFIG_HOME": folder.path]) == TUIConfig(), "no file: defaults")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("tern"), withIntermediateDirectories: true)
        try Data("theme: light\n".utf8).write(to: folder.appendingPathComponent("tern/config.yaml"))
        #expect(try TUIConfig.load(environment: ["XDG_CONFIG_HOME": folder.path]).theme.name == "light")
        try Data(repeating: UInt8(ascii: "#"), count: 70_000).write(
            to: folder.appendingPathComponent("tern/config.yaml"))
        #expect(throws: TUIConfigError.self) { try TUIConfig.load(environment: ["XDG_CONFIG_HOME": folder.path]) }
    }

    @Test func keyNamesReadAsHelpWritesThem() {
        for binding in KeyTable.defaults where binding.action != .forceQuit {
            for key in binding.keys {
                #expect(Key(name: key.description) == key, "\(key.description)")
            }
        }
        #expect(Key(name: "Up") == .up)
        #expect(Key(name: "Ctrl-I") == nil, "Ctrl-I is Tab")
        #expect(Key(name: "hello") == nil)
    }
}
