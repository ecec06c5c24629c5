/// Samples of one measurement (milliseconds, say), sorted, with the percentiles the tables print.
struct Distribution: Sendable {
    /// The samples, smallest first.
    let sorted: [Double]

    init(_ samples: [Double]) {
        sorted = samples.sorted()
    }

    /// The nearest-rank percentile `p` (0...1); 0 when there are no samples.
    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = (Double(sorted.count) * p).rounded(.down)
        let index = rank.isFinite ? Int(max(0, min(rank, Double(sorted.count - 1)))) : 0
        return sorted[index]
    }

    /// The middle sample (the mean of the two middle ones for an even count).
    var median: Double {
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The 10th percentile.
    var p10: Double { percentile(0.1) }
    /// The 90th percentile.
    var p90: Double { percentile(0.9) }
    /// The smallest sample.
    var best: Double { sorted.first ?? 0 }
    /// The largest sample.
    var worst: Double { sorted.last ?? 0 }
}
