@preconcurrency import CNcurses
import Dispatch
import Foundation
import Synchronization
package import TernScreen

/// Whether ncurses owns the terminal; read by the exit hook so the terminal is restored on every exit path.
nonisolated(unsafe) private var screenIsActive = false

/// The real terminal, through ncurses' wide-character API: the alternate screen, colours (with a
/// monochrome fallback when the terminal has none or `NO_COLOR` is set), keys, resize and cursor.
///
/// ncurses is not thread-safe: create, use and stop this from one thread (the TUI runtime's).
/// The terminal is restored by `stop()`, by an `atexit` hook when the process exits otherwise, and
/// SIGTERM/SIGHUP/SIGINT are turned into `terminationRequested` for the runtime to exit cleanly.
package final class NcursesTerminal: Terminal {
    private var previous: ScreenBuffer?
    private var pairs: [UInt16: Int16] = [:]
    private let usesColor: Bool
    private let colorCount: Int32
    private let signals: [any DispatchSourceSignal]
    private let termination = SignalFlag()
    /// Colours shown as others (the config file's theme); a colour not listed is shown as itself.
    package var palette: [Color: Color] = [:]

    /// Takes over the terminal, with clicks and the wheel unless `mouse` is off (or `TERN_NO_MOUSE` is set).
    /// Throws when stdin/stdout is not a terminal.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment, mouse: Bool = true)
        throws(NcursesError)
    {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw NcursesError("the TUI needs a terminal; for scripts use 'tern repl' or 'tern send'")
        }
        setlocale(LC_ALL, "")
        guard initscr() != nil else { throw NcursesError("ncurses could not initialise the terminal (is TERM set?)") }
        screenIsActive = true
        atexit {
            if screenIsActive {
                screenIsActive = false
                endwin()
            }
        }
        raw()
        noecho()
        nonl()
        keypad(stdscr, true)
        set_escdelay(25)
        curs_set(0)
        // Clicks and the wheel, unless turned off (the terminal's own selection then works without Shift).
        if mouse, environment["TERN_NO_MOUSE"] == nil { _ = tern_mouse_enable() }
        var color = false
        if environment["NO_COLOR"] == nil, has_colors() {
            color = start_color() == OK
            if color { use_default_colors() }
        }
        usesColor = color
        colorCount = color ? COLORS : 0
        var sources: [any DispatchSourceSignal] = []
        let flag = termination
        for number in [SIGTERM, SIGHUP, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { flag.value.store(number, ordering: .relaxed) }
            source.resume()
            sources.append(source)
        }
        signals = sources
    }

    /// Whether a signal asked the program to end; the runtime checks it between keys.
    package var terminationRequested: Bool { terminationSignal != nil }

    /// The signal that asked the program to end (SIGTERM, SIGHUP, SIGINT), if one did.
    package var terminationSignal: Int32? {
        let number = termination.value.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// Gives the terminal back: leaves the alternate screen and restores its modes.
    package func stop() {
        for source in signals { source.cancel() }
        if screenIsActive {
            screenIsActive = false
            endwin()
        }
        for number in [SIGTERM, SIGHUP, SIGINT] { signal(number, SIG_DFL) }
    }

    package var size: Size {
        Size(width: Int(getmaxx(stdscr)), height: Int(getmaxy(stdscr)))
    }

    @discardableResult
    package func present(_ frame: ScreenBuffer) -> Int {
        let changes = frame.changes(since: previous)
        var written = 0
        for change in changes where !change.cell.isContinuation {
            var characters: [wchar_t] = change.cell.text.unicodeScalars.prefix(5).map { wchar_t(bitPattern: $0.value) }
            if characters.isEmpty { characters = [wchar_t(32)] }
            characters.append(0)
            let (attributes, pair) = render(change.cell.style)
            _ = characters.withUnsafeBufferPointer { pointer in
                tern_put_cell(Int32(change.y), Int32(change.x), pointer.baseAddress, attributes, pair)
            }
            written += 1
        }
        previous = frame
        wnoutrefresh(stdscr)
        doupdate()
        return written
    }

    package func readKey(timeoutMilliseconds: Int) -> Key? {
        wtimeout(stdscr, Int32(timeoutMilliseconds))
        var value: wint_t = 0
        let result = wget_wch(stdscr, &value)
        if result == ERR { return nil }
        if result == KEY_CODE_YES, Int32(value) == KEY_MOUSE { return Self.mouse() }
        if result == KEY_CODE_YES { return Self.key(code: Int32(value)) }
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return nil }
        return Key(scalar: scalar)
    }

    package func suspend(while body: () -> Void) {
        def_prog_mode()
        endwin()
        body()
        reset_prog_mode()
        clearok(stdscr, true)
        previous = nil
        wrefresh(stdscr)
    }

    package func copyToClipboard(_ text: String) {
        // Written past ncurses, which does not know OSC sequences; it moves no cursor and draws nothing.
        fputs(Self.clipboardSequence(text), stdout)
        fflush(stdout)
    }

    /// The mouse event ncurses has pending, as a key; `nil` for events Tern does not use.
    private static func mouse() -> Key? {
        var x: Int32 = 0
        var y: Int32 = 0
        switch tern_mouse_read(&x, &y) {
        case 1: return .mouse(MouseEvent(.press, x: Int(x), y: Int(y)))
        case 4: return .mouse(MouseEvent(.wheelUp, x: Int(x), y: Int(y)))
        case 5: return .mouse(MouseEvent(.wheelDown, x: Int(x), y: Int(y)))
        default: return nil
        }
    }

    private static func key(code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_RESIZE: return .resize
        default:
            let f0 = tern_key_f(0)
            if code > f0, code <= f0 + 12 { return .function(Int(code - f0)) }
            return nil
        }
    }

    /// The ncurses attributes and colour pair of a style.
    private func render(_ given: Style) -> (attr_t, Int16) {
        var style = given
        if !palette.isEmpty {
            style.foreground = palette[style.foreground] ?? style.foreground
            style.background = palette[style.background] ?? style.background
        }
        var attributes: attr_t = 0
        if style.attributes.contains(.bold) { attributes |= tern_attr_bold() }
        if style.attributes.contains(.dim) { attributes |= tern_attr_dim() }
        if style.attributes.contains(.underline) { attributes |= tern_attr_underline() }
        if style.attributes.contains(.reverse) { attributes |= tern_attr_reverse() }
        if style.attributes.contains(.italic) { attributes |= tern_attr_italic() }
        guard usesColor, style.foreground != .default || style.background != .default else { return (attributes, 0) }
        let key = UInt16(style.foreground.rawValue) << 8 | UInt16(style.background.rawValue)
        if let pair = pairs[key] { return (attributes, pair) }
        let next = Int16(pairs.count + 1)
        guard Int32(next) < COLOR_PAIRS else { return (attributes, 0) }
        init_pair(next, number(style.foreground), number(style.background))
        pairs[key] = next
        return (attributes, next)
    }

    private func number(_ color: Color) -> Int16 {
        guard color != .default else { return -1 }
        let index = Int16(color.rawValue) - 1  // black = 0 … white = 7, bright 8 … 15
        return index >= 8 && colorCount < 16 ? index - 8 : index
    }
}

/// ncurses could not take the terminal.
package struct NcursesError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}

/// Set from a signal handler's queue, read by the UI thread.
private final class SignalFlag: Sendable {
    /// The last signal received; 0 for none.
    let value = Atomic<Int32>(0)
}
