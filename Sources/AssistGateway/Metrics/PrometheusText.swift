import Foundation

/// Metric labels: one value per label name, in the names' order. Values are bounded by whoever builds them.
struct MetricKey: Hashable, Comparable {
    var labels: [String]
    static func < (a: MetricKey, b: MetricKey) -> Bool { a.labels.lexicographicallyPrecedes(b.labels) }
}

/// Prometheus text exposition format 0.0.4, written metric by metric.
struct PrometheusText {
    var output = ""

    mutating func counter(_ name: String, _ help: String, _ labelNames: [String], _ values: [MetricKey: Int]) {
        samples(name, help, "counter", labelNames, values)
    }

    /// Gauges read at render, one per label set (whether each target's breaker is open).
    mutating func gaugeFamily(_ name: String, _ help: String, _ labelNames: [String], _ values: [MetricKey: Int]) {
        samples(name, help, "gauge", labelNames, values)
    }

    private mutating func samples(_ name: String, _ help: String, _ type: String, _ labelNames: [String], _ values: [MetricKey: Int]) {
        header(name, help, type)
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            output += "\(name)\(Self.labels(labelNames, key.labels)) \(value)\n"
        }
    }

    mutating func histogram(_ name: String, _ help: String, _ labelNames: [String], _ values: [MetricKey: Histogram]) {
        header(name, help, "histogram")
        for (key, histogram) in values.sorted(by: { $0.key < $1.key }) {
            var cumulative = 0
            for (bound, count) in zip(histogram.bounds, histogram.counts) {
                cumulative += count
                output += "\(name)_bucket\(Self.labels(labelNames + ["le"], key.labels + [Self.number(bound)])) \(cumulative)\n"
            }
            output += "\(name)_bucket\(Self.labels(labelNames + ["le"], key.labels + ["+Inf"])) \(histogram.count)\n"
            output += "\(name)_sum\(Self.labels(labelNames, key.labels)) \(Self.number(histogram.sum))\n"
            output += "\(name)_count\(Self.labels(labelNames, key.labels)) \(histogram.count)\n"
        }
    }

    /// A distribution that may shrink in a bucket (a user moves up), so gauges per bound, not a histogram.
    mutating func distribution(_ name: String, _ help: String, _ histogram: Histogram) {
        header(name, help, "gauge")
        var cumulative = 0
        for (bound, count) in zip(histogram.bounds, histogram.counts) {
            cumulative += count
            output += "\(name)\(Self.labels(["le"], [Self.number(bound)])) \(cumulative)\n"
        }
        output += "\(name)\(Self.labels(["le"], ["+Inf"])) \(histogram.count)\n"
    }

    mutating func gauge(_ gauge: MetricsGauge) {
        header(gauge.name, gauge.help, "gauge")
        output += "\(gauge.name) \(Self.number(gauge.value))\n"
    }

    private mutating func header(_ name: String, _ help: String, _ type: String) {
        output += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    static func labels(_ names: [String], _ values: [String]) -> String {
        guard !names.isEmpty else { return "" }
        let pairs = zip(names, values).map { name, value in
            let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n")
            return "\(name)=\"\(escaped)\""
        }
        return "{" + pairs.joined(separator: ",") + "}"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// Counts per upper bound (not yet cumulative), plus sum and count.
struct Histogram: Sendable {
    let bounds: [Double]
    private(set) var counts: [Int]
    private(set) var sum = 0.0
    private(set) var count = 0

    init(bounds: [Double]) {
        self.bounds = bounds
        self.counts = Array(repeating: 0, count: bounds.count)
    }

    mutating func observe(_ value: Double) {
        if let index = bounds.firstIndex(where: { value <= $0 }) { counts[index] += 1 }
        sum += value
        count += 1
    }
}
