#if canImport(Glibc)
    import CoreFoundation
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The zone the panes show clock times in.
///
/// `local` asks the C library (`localtime_r`, which reads the system's zone file), not
/// Foundation's `TimeZone.current`: that one opens ICU's time-zone data, about 2 MiB of the
/// executable the TUI would otherwise keep resident just to print "14:03:07". Tests use a fixed
/// offset so that their screens do not depend on the machine's zone.
package enum ClockZone: Sendable, Equatable {
    /// The system's local time, daylight saving included.
    case local
    /// A fixed offset from UTC, in seconds east.
    case fixed(secondsFromGMT: Int)

    /// UTC.
    package static let utc = ClockZone.fixed(secondsFromGMT: 0)

    /// Hours, minutes and seconds of the wall clock in this zone at `secondsSince1970`.
    func wallClock(at secondsSince1970: Double) -> (hour: Int, minute: Int, second: Int) {
        // Dates outside ±10,000 years print as midnight instead of trapping on the conversion.
        guard secondsSince1970.isFinite, abs(secondsSince1970) < 315_569_520_000 else { return (0, 0, 0) }
        let whole = Int(secondsSince1970.rounded(.down))  // trap-checked: finite, within ±10,000 years (above)
        switch self {
        case .fixed(let offset):
            let secondsOfDay = ((whole + offset) % 86_400 + 86_400) % 86_400
            return (secondsOfDay / 3_600, secondsOfDay / 60 % 60, secondsOfDay % 60)
        case .local:
            var time = time_t(whole)
            var parts = tm()
            guard localtime_r(&time, &parts) != nil else { return ClockZone.utc.wallClock(at: secondsSince1970) }
            return (Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        }
    }
}
