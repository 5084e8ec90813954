import Testing
@testable import AssistTelemetry

/// `PooledRandom` hands out the kernel's bytes fetched in bulk: each word once, across refills and threads.
@Suite("PooledRandom")
struct PooledRandomTests {
    @Test("words drawn across many refills, from many tasks at once, never repeat and are never all zero")
    func wordsAreDistinct() async {
        let perTask = 1_000, tasks = 8  // 8,000 words: 250 refills of the 32-word pool
        let words = await withTaskGroup(of: [UInt64].self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    var random = PooledRandom()
                    return (0..<perTask).map { _ in random.next() }
                }
            }
            return await group.reduce(into: [UInt64]()) { $0 += $1 }
        }
        #expect(words.count == perTask * tasks)
        #expect(Set(words).count == words.count)
        #expect(!words.contains(0))
    }

    @Test("bytes(n) gives n bytes for lengths that are not whole words, and the bits are balanced", arguments: [1, 7, 8, 12, 13, 300])
    func bytesOfAnyLength(count: Int) {
        var ones = 0, total = 0
        for _ in 0..<2_000 {
            let bytes = PooledRandom.bytes(count)
            #expect(bytes.count == count)
            ones += bytes.reduce(0) { $0 + $1.nonzeroBitCount }
            total += count * 8
        }
        // Fair bits: 2,000 draws of at least 8 bits each (16,000 bits or more) lie within 4 % of half: 10 standard
        // deviations at 16,000 bits, so only a biased source fails it.
        let share = Double(ones) / Double(total)
        #expect(abs(share - 0.5) < 0.04, "share of one bits \(share)")
    }

    @Test("trace and span ids made with it are distinct")
    func traceIdentifiers() {
        var random = PooledRandom()
        let traces = (0..<1_000).map { _ in TraceID.random(using: &random) }
        let spans = (0..<1_000).map { _ in SpanID.random(using: &random) }
        #expect(Set(traces).count == traces.count)
        #expect(Set(spans).count == spans.count)
    }
}
