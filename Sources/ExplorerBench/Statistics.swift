/// Order statistics over a sample.
struct Sample {
    private(set) var values: [Double]

    init(_ values: [Double]) { self.values = values.sorted() }

    /// The `p`-th percentile (0...100), nearest rank.
    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(values.count)).rounded(.up)) - 1
        return values[min(max(rank, 0), values.count - 1)]
    }

    var median: Double { percentile(50) }

    var mean: Double { values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count) }
}

func format(_ value: Double, digits: Int = 2) -> String {
    String(format: "%.\(digits)f", value)
}
