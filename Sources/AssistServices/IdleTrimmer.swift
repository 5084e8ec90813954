import Synchronization

/// Gives memory back after a burst: checks every `interval` how much work is open (`openWork`, e.g. streams),
/// and once it has fallen to nothing after there was some, calls `trim` once (on Linux, `malloc_trim`, which
/// returns freed heap pages that the allocator would otherwise keep for the next burst).
///
/// Only at idle, and once per burst: trimming walks the heap and costs milliseconds, which a busy process
/// should not pay, and an idle one pays only when there is something to give back.
public final class IdleTrimmer: Service {
    public let name = "memory trim at idle"
    private let openWork: @Sendable () -> Int
    private let trim: @Sendable () -> Void
    private let interval: Duration
    private let busySinceTrim = Mutex(false)
    private let task = ServiceTask()

    public init(interval: Duration = .seconds(2), openWork: @escaping @Sendable () -> Int, trim: @escaping @Sendable () -> Void) {
        self.interval = interval
        self.openWork = openWork
        self.trim = trim
    }

    /// One check: notes work open, or trims if it has all ended since the last trim. Returns whether it trimmed.
    @discardableResult
    public func check() -> Bool {
        let open = openWork()
        let due = busySinceTrim.withLock { busy in
            if open > 0 { busy = true; return false }
            defer { busy = false }
            return busy
        }
        if due { trim() }
        return due
    }

    public func run() async {
        await task.run { [self] in
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                check()
            }
        }
    }

    public func shutdown() { task.shutdown() }
}
