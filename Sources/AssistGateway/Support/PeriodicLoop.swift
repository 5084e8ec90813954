import Synchronization

/// Work repeated every `interval` on a clock, as the body of a `Service`: `run(_:)` repeats it until
/// `shutdown()` or cancellation and returns once the loop has exited, so no round runs after it.
///
/// Shut down before it runs, `run` returns at once; run twice, the second call waits for the first loop.
/// It sleeps only on its clock, so a test drives it with a manual one.
final class PeriodicLoop: Sendable {
    private enum Loop {
        case idle
        case running(Task<Void, Never>)
        case stopped
    }

    let clock: MonotonicClock
    let interval: Duration
    private let loop = Mutex(Loop.idle)

    init(clock: MonotonicClock, interval: Duration) {
        self.clock = clock
        self.interval = interval
    }

    /// Sleeps `interval`, runs `work`, again, until stopped. A round in progress completes first.
    func run(_ work: @escaping @Sendable () async -> Void) async {
        let rounds = Task { [clock, interval] in
            while true {
                do { try await clock.sleep(for: interval) } catch { return }
                await work()
            }
        }
        let current: Task<Void, Never>? = loop.withLock { loop in
            switch loop {
            case .idle:
                loop = .running(rounds)
                return rounds
            case .running(let first): return first
            case .stopped: return nil
            }
        }
        if current != rounds { rounds.cancel() }
        guard let current else { return }
        await withTaskCancellationHandler { await current.value } onCancel: { current.cancel() }
    }

    func shutdown() {
        let running = loop.withLock { loop -> Task<Void, Never>? in
            defer { loop = .stopped }
            if case .running(let task) = loop { return task }
            return nil
        }
        running?.cancel()
    }
}
