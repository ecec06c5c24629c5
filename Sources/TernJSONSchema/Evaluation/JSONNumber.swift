import Foundation
import TernJSONPath

/// Exact arithmetic on JSON numbers: ordering, integer-ness and `multipleOf`.
enum JSONNumber {
    /// Magnitudes beyond which `multipleOf` falls back from `Decimal` to binary floating point.
    private static let decimalRange = 1e-30...1e30

    /// Compares two numbers exactly (`-1`, `0`, `1`); nil when either is not a number.
    static func compare(_ lhs: JSONPathValue, _ rhs: JSONPathValue) -> Int? {
        JSONPathValue.compareNumbers(lhs, rhs)
    }

    /// Whether `value` is a number with a zero fractional part (so `1.0` is an integer).
    static func isInteger(_ value: JSONPathValue) -> Bool {
        switch value {
        case .int: return true
        case .double(let double): return double.isFinite && double == double.rounded(.towardZero)
        default: return false
        }
    }

    /// Whether `value` divided by `divisor` is an integer, exactly for decimal fractions (`0.0075` is a multiple
    /// of `0.0001`), falling back to floating point only for magnitudes `Decimal` cannot hold.
    static func isMultiple(_ value: JSONPathValue, of divisor: JSONPathValue) -> Bool {
        if case .int(let a) = value, case .int(let b) = divisor, b != 0 {
            return b == -1 || a % b == 0
        }
        if let dividend = decimal(value), let step = decimal(divisor), !step.isZero {
            var quotient = dividend / step
            var whole = Decimal()
            NSDecimalRound(&whole, &quotient, 0, .plain)
            return whole == quotient
        }
        guard let dividend = double(value), let step = double(divisor), step != 0 else { return false }
        let quotient = dividend / step
        if quotient.isInfinite { return dividend.truncatingRemainder(dividingBy: step) == 0 }
        return quotient.isFinite && quotient == quotient.rounded(.towardZero)
    }

    /// The number as a `Double` (integers may round).
    static func double(_ value: JSONPathValue) -> Double? {
        switch value {
        case .int(let int): return Double(int)
        case .double(let double): return double
        default: return nil
        }
    }

    /// The decimal value of the number's shortest text, when its magnitude is in `decimalRange` (or zero).
    private static func decimal(_ value: JSONPathValue) -> Decimal? {
        switch value {
        case .int(let int): return Decimal(int)
        case .double(let double):
            guard double == 0 || decimalRange.contains(abs(double)) else { return nil }
            return Decimal(string: "\(double)", locale: Locale(identifier: "en_US_POSIX"))
        default: return nil
        }
    }

    /// The number written for a message (`12`, `0.5`).
    static func text(_ value: JSONPathValue) -> String {
        switch value {
        case .int(let int): return String(int)
        case .double(let double): return "\(double)"
        default: return value.jsonText
        }
    }
}
