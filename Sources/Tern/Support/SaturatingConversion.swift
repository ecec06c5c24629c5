/// Total conversions from `Double`: `Int(x)` traps on NaN, infinities and out-of-range values;
/// these never do, so numbers from files, flags or the network can be converted safely.
extension Int64 {
    /// `value` rounded toward zero and clamped to `Int64.min...Int64.max`; NaN is 0.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= Double(Int64.max) {  // 2^63: the first Double past the range
            self = .max
        } else if value <= Double(Int64.min) {
            self = .min
        } else {
            self.init(value)  // trap-checked: NaN and out-of-range values are handled above
        }
    }
}

extension Int {
    /// `value` rounded toward zero and clamped to `Int.min...Int.max`; NaN is 0.
    public init(saturating value: Double) {
        self.init(truncatingIfNeeded: Int64(saturating: value))
    }
}
