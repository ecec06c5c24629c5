import Foundation

/// Where a front end draws and reads keys. `NcursesTerminal` is the real one; `MemoryTerminal`
/// keeps frames in memory for tests.
package protocol Terminal: AnyObject {
    /// The current size in cells.
    var size: Size { get }
    /// Shows `frame`, writing only the cells that changed since the last frame presented.
    /// Returns how many cells were written.
    @discardableResult
    func present(_ frame: ScreenBuffer) -> Int
    /// The next key, waiting at most `timeoutMilliseconds` (0: don't wait); `nil` on timeout.
    func readKey(timeoutMilliseconds: Int) -> Key?
    /// Lets go of the screen for another program (an editor), then takes it back.
    func suspend(while body: () -> Void)
    /// Puts `text` on the system clipboard with OSC 52, which terminals honour over ssh and in tmux
    /// (with `set-clipboard on`).
    func copyToClipboard(_ text: String)
}

extension Terminal {
    /// The OSC 52 sequence that sets the clipboard to `text`.
    package static func clipboardSequence(_ text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }
}
