public import AssistServices
import Synchronization

/// One event loop's deadlines for the requests it runs: a binary heap by deadline (ties in the order they were
/// set), turned by the loop after each turn's events and jobs, as a hook, so the loop sleeps until the
/// earliest deadline and no deadline needs a task or a thread.
///
/// A call is fired on the loop's thread once its deadline is reached (never early: epoll's timeout is rounded
/// up). A cancelled call is released at once (`ScheduledTimer`) and its empty entry dropped when it comes up, or
/// sooner, when over half of the heap is cancelled entries (a burst of streams that ended before their next
/// ping), so the heap stays as large as what is pending.
///
/// Scheduling from the loop's thread takes no lock; from another thread it is posted to the loop. A call
/// scheduled after the loop ended never fires: the server stopping has cancelled its request already.
public final class LoopTimers: EventLoop.TurnHook, DeadlineTimers, @unchecked Sendable {
    // `@unchecked Sendable`: `heap` and `sequence` are touched only on the loop's thread (`schedule` posts to
    // it from elsewhere); `cancelled` is atomic, since a call may be cancelled from any thread.

    private struct Entry {
        let deadline: ContinuousClock.Instant
        let sequence: UInt64
        let timer: ScheduledTimer

        func isBefore(_ other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && sequence < other.sequence)
        }
    }

    private unowned let loop: EventLoop
    private var heap: [Entry] = []
    private var sequence: UInt64 = 0
    /// Entries cancelled since the heap was last compacted.
    private let cancelled = Atomic<Int>(0)

    private init(loop: EventLoop) { self.loop = loop }

    /// `loop`'s timers, made and hooked on first use. Loop-thread only.
    public static func of(_ loop: EventLoop) -> LoopTimers {
        loop.local(LoopTimers.self) {
            let timers = LoopTimers(loop: loop)
            loop.addHook(timers)
            return timers
        }
    }

    /// How many entries the heap holds, cancelled ones included. Loop-thread only.
    public var count: Int { heap.count }

    public func schedule(after delay: Duration, _ fire: @escaping @Sendable () -> Void) -> ScheduledTimer {
        let timer = ScheduledTimer(fire)
        let deadline = ContinuousClock.now.advanced(by: max(delay, .zero))
        if loop.inLoop {
            insert(deadline, timer)
        } else {
            _ = loop.execute { [self] in insert(deadline, timer) }
        }
        return timer
    }

    private func insert(_ deadline: ContinuousClock.Instant, _ timer: ScheduledTimer) {
        guard timer.isPending else { return }  // cancelled before it reached the loop
        sequence &+= 1
        heap.append(Entry(deadline: deadline, sequence: sequence, timer: timer))
        siftUp(heap.count - 1)
        timer.whenCancelled { [weak self] in self?.cancelled.add(1, ordering: .relaxed) }
    }

    // MARK: TurnHook

    public func nextDeadline() -> ContinuousClock.Instant? { heap.first?.deadline }

    public func turn(now: ContinuousClock.Instant) {
        compactIfMostlyCancelled()
        guard let first = heap.first, first.deadline <= now else { return }
        // Taken out first, then fired: a call that schedules again (a stream's next ping) lands after this turn.
        var due: [ScheduledTimer] = []
        while let top = heap.first, top.deadline <= now { due.append(popFirst().timer) }
        for timer in due { timer.fire() }
    }

    public func loopEnded() {
        let pending = heap
        heap = []
        for entry in pending { entry.timer.cancel() }
    }

    // MARK: The heap

    private func compactIfMostlyCancelled() {
        let dropped = cancelled.load(ordering: .relaxed)
        guard heap.count > 64, dropped * 2 > heap.count else { return }
        cancelled.subtract(dropped, ordering: .relaxed)
        heap.removeAll { !$0.timer.isPending }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    private func popFirst() -> Entry {
        let first = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        return first
    }

    private func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].isBefore(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var earliest = left
            if left + 1 < heap.count, heap[left + 1].isBefore(heap[left]) { earliest = left + 1 }
            guard heap[earliest].isBefore(heap[parent]) else { return }
            heap.swapAt(earliest, parent)
            parent = earliest
        }
    }
}
