#if canImport(Glibc)
    import CoreFoundation
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal's size, from `ioctl(TIOCGWINSZ)` on standard output.
enum TerminalSize {
    /// Rows and columns, or `nil` when standard output is not a terminal.
    static func current() -> (rows: Int, columns: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_row), Int(size.ws_col))
    }
}
