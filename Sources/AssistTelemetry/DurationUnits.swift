/// A `Duration` as the fractional figures logs, metrics, reports and benchmarks print. Kept in one place so that
/// every reading of a duration in this codebase divides its parts the same way.
extension Duration {
    /// The duration in milliseconds, as a fraction: a request's time to first token, a benchmark's latency.
    public var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    /// The duration in seconds, as a fraction: how long a restart or a golden case took.
    public var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
