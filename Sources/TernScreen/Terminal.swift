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
}
