public import AssistServices
import CLinux
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One thread that waits on an epoll set and runs, on that thread, everything that belongs to it: the
/// callbacks of the descriptors it watches, the turn hooks of what it drives (the HTTP server's share,
/// libcurl), and the Swift jobs of the tasks that prefer it as their executor.
///
/// Why: a request whose connection, upstream transfer and Swift code all live on one loop never changes
/// thread between accept and audit, so relaying a token costs no hand-off, no wake-up of another thread and
/// no contended lock. A server runs one loop per core.
///
/// Threading contract:
/// - `watch`, `unwatch`, `addHook` and the handlers are for the loop's own thread only;
/// - `execute` and `enqueue` (jobs) may be called from any thread: from the loop's own thread they queue
///   without a lock; from another they go through one small inbox and wake the loop with its eventfd
///   only when it sleeps (one write per sleep, not per item);
/// - after `shutdown()`, the loop runs what is queued, ends its thread, and jobs that still come are run by
///   the global concurrent executor, so a task that preferred this loop is never stranded.
public final class EventLoop: TaskExecutor, Service, @unchecked Sendable {
    // `@unchecked Sendable`: the `loopOnly` state is touched only on the loop's thread (checked in debug
    // builds by `assertOnLoop`); what other threads reach is the `inbox` Mutex and the immutable descriptors.

    /// What a watched descriptor's handler is told: epoll's event bits.
    public typealias Handler = (UInt32) -> Void

    /// epoll's event bits, for `watch` and its handlers.
    public static let readable = EPOLLIN.rawValue
    public static let writable = EPOLLOUT.rawValue
    public static let peerClosed = EPOLLRDHUP.rawValue
    public static let hangUp = EPOLLHUP.rawValue | EPOLLERR.rawValue
    public static let edgeTriggered = EPOLLET.rawValue
    /// Fires once, then stays registered but silent until watched again.
    public static let oneShot = EPOLLONESHOT.rawValue

    /// A library driven by the loop: asked for its next deadline before each wait, and given a turn after
    /// the events and jobs of each turn, and again after the jobs its turn made ready, so that the loop never
    /// sleeps while a job has left it work (a command to send).
    public protocol TurnHook: AnyObject {
        /// When the hook next needs a turn even if nothing happens; nil for never.
        func nextDeadline() -> ContinuousClock.Instant?
        /// Runs after the turn's events and jobs, and again after any jobs the hooks made ready (a few rounds
        /// at most per turn): it must be idempotent, doing only what is due.
        func turn(now: ContinuousClock.Instant)
        /// The loop is ending (on its thread, after its last turn): whatever waits on the hook must be failed.
        func loopEnded()
    }

    private enum Work: Sendable {
        case job(UnownedJob)
        case closure(@Sendable () -> Void)
    }

    private struct Inbox {
        var work: [Work] = []
        var sleeping = false
        var woken = false
        var stopping = false
        var ended = false
    }

    private struct LoopOnly {
        /// Each watched descriptor's handler and the registration it belongs to.
        var handlers: [Int32: (registration: UInt32, handler: Handler)] = [:]
        /// The last registration number given out; 0 is the wake descriptor's.
        var registrations: UInt32 = 0
        var hooks: [any TurnHook] = []
        var ready: [Work] = []
        var locals: [ObjectIdentifier: AnyObject] = [:]
        /// Set once the loop has run its last turn: what its own thread submits from then on (a hook failing
        /// its waiters in `loopEnded`, resuming their tasks) no longer queues here, where nothing would run it.
        var ended = false
    }

    public let name: String
    private let epollFD: Int32
    private let wakeFD: Int32
    private let inbox = Mutex(Inbox())
    private nonisolated(unsafe) var loopOnly = LoopOnly()
    private let ended = Latch()

    /// The loop whose thread is the calling thread, if any.
    public static var current: EventLoop? {
        guard let pointer = pthread_getspecific(currentKey) else { return nil }
        return Unmanaged<EventLoop>.fromOpaque(pointer).takeUnretainedValue()
    }

    private static let currentKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Starts the loop's thread at once: a server's loops serve from their creation.
    public init(name: String) throws {
        self.name = name
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw EventLoopError.system("epoll_create1", errno) }
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard wakeFD >= 0 else {
            close(epollFD)
            throw EventLoopError.system("eventfd", errno)
        }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = Self.key(fd: wakeFD, registration: 0)
        epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, &event)
        NamedThread.start(name) { [self] in
            pthread_setspecific(Self.currentKey, Unmanaged.passUnretained(self).toOpaque())
            runLoop()
            pthread_setspecific(Self.currentKey, nil)
            close(epollFD)
            close(wakeFD)
            ended.open()
        }
    }

    /// Whether the calling thread is this loop's.
    public var inLoop: Bool { pthread_getspecific(Self.currentKey) == Unmanaged.passUnretained(self).toOpaque() }

    // MARK: Service

    /// Returns once the loop's thread has ended after `shutdown()`.
    public func run() async { await ended.wait(onCancel: shutdown) }

    /// Ends the loop after what is already queued; idempotent, from any thread.
    public func shutdown() {
        inbox.withLock { inbox in
            guard !inbox.stopping else { return }
            inbox.stopping = true
            if !inbox.ended { signal() }
        }
    }

    // MARK: Work from any thread

    /// Runs `work` on the loop's thread, after what is queued before it. From the loop's own thread it is
    /// queued, not run inline. Returns false, and drops `work`, once the loop has ended: what it would touch
    /// is gone, and the caller must give up what it meant to hand over.
    @discardableResult
    public func execute(_ work: @escaping @Sendable () -> Void) -> Bool { submit(.closure(work)) }

    /// Runs `work` on the loop's thread: at once when called there, posted (`execute`) from any other.
    /// Returns false, and drops `work`, when it had to be posted and the loop has ended.
    @discardableResult
    public func onLoop(_ work: @escaping @Sendable () -> Void) -> Bool {
        if inLoop {
            work()
            return true
        }
        return execute(work)
    }

    /// The `TaskExecutor` entry: a job of a task that prefers this loop.
    public func enqueue(_ job: consuming ExecutorJob) { submit(.job(UnownedJob(job))) }

    @discardableResult
    private func submit(_ work: Work) -> Bool {
        if inLoop, !loopOnly.ended {
            loopOnly.ready.append(work)
            return true
        }
        if inLoop {
            guard case .job(let job) = work else { return false }
            globalConcurrentExecutor.enqueue(job)
            return true
        }
        let queued = inbox.withLock { inbox in
            if inbox.ended { return false }
            inbox.work.append(work)
            if inbox.sleeping, !inbox.woken {
                inbox.woken = true
                signal()
            }
            return true
        }
        if queued { return true }
        guard case .job(let job) = work else { return false }
        globalConcurrentExecutor.enqueue(job)
        return true
    }

    /// Wakes the loop. Only under the inbox's lock, and only before the inbox is marked ended: the thread
    /// closes the descriptor after that, under the same lock, and a write to its number once it is closed
    /// could reach whatever reused it (a socket whose peer left would raise SIGPIPE and end the process).
    private func signal() {
        var one: UInt64 = 1
        _ = Glibc.write(wakeFD, &one, 8)
    }

    // MARK: Loop-thread API

    /// Watches `fd` for `events` (epoll bits; level-triggered unless `EPOLLET` is given); `handler` runs on
    /// this loop's thread. Watching a watched descriptor again replaces its events and handler.
    ///
    /// Each call is a registration of its own, and an event is delivered only to the registration it was
    /// reported for: within one turn a handler may close a descriptor and another handler may open one that
    /// gets the same number and watch it (a connection handed on, an upstream socket), and the events the
    /// turn still holds for the old descriptor must not reach the new one's handler (a hang-up would end a
    /// healthy request).
    public func watch(_ fd: Int32, events: UInt32, handler: @escaping Handler) {
        assertOnLoop()
        loopOnly.registrations = loopOnly.registrations == UInt32.max ? 1 : loopOnly.registrations + 1
        let registration = loopOnly.registrations
        var event = epoll_event()
        event.events = events
        event.data.u64 = Self.key(fd: fd, registration: registration)
        let known = loopOnly.handlers.updateValue((registration, handler), forKey: fd) != nil
        if epoll_ctl(epollFD, known ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &event) != 0, errno == ENOENT || errno == EEXIST {
            _ = epoll_ctl(epollFD, known ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, fd, &event)
        }
    }

    /// What epoll carries for a registration: the descriptor and the registration's number.
    private static func key(fd: Int32, registration: UInt32) -> UInt64 {
        UInt64(registration) << 32 | UInt64(UInt32(bitPattern: fd))
    }

    /// Stops watching `fd`; call before closing it.
    public func unwatch(_ fd: Int32) {
        assertOnLoop()
        guard loopOnly.handlers.removeValue(forKey: fd) != nil else { return }
        epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, nil)
    }

    /// Gives watched `fd` a new handler, keeping its events and its registration, with no system call: for a
    /// descriptor that changes hands without being closed (an idle upstream connection taken by a call, and given
    /// back). Returns false, changing nothing, when `fd` is not watched.
    public func rehandle(_ fd: Int32, handler: @escaping Handler) -> Bool {
        assertOnLoop()
        guard let entry = loopOnly.handlers[fd] else { return false }
        loopOnly.handlers[fd] = (entry.registration, handler)
        return true
    }

    /// Changes the events watched `fd` waits for, keeping its handler and its registration (one `EPOLL_CTL_MOD`, no
    /// handler made again): for a connection whose interest changes often (room to write, reading paused). Returns
    /// false, changing nothing, when `fd` is not watched.
    @discardableResult
    public func rewatch(_ fd: Int32, events: UInt32) -> Bool {
        assertOnLoop()
        guard let entry = loopOnly.handlers[fd] else { return false }
        var event = epoll_event()
        event.events = events
        event.data.u64 = Self.key(fd: fd, registration: entry.registration)
        return epoll_ctl(epollFD, EPOLL_CTL_MOD, fd, &event) == 0
    }

    /// Forgets `fd`'s handler without a system call, for a descriptor about to be closed: closing it takes it out
    /// of the epoll set (our descriptors are never duplicated, and are close-on-exec), so `EPOLL_CTL_DEL` is a call
    /// for nothing. Its registration goes with the handler: an event of this turn for it is dropped.
    public func forget(_ fd: Int32) {
        assertOnLoop()
        loopOnly.handlers.removeValue(forKey: fd)
    }

    /// Adds a library's turn hook; it lives as long as the loop.
    public func addHook(_ hook: any TurnHook) {
        assertOnLoop()
        loopOnly.hooks.append(hook)
    }

    /// The loop's one instance of `T`, made by `make` on first use (a library's per-loop state, such as
    /// its handle and its hook). Loop-thread only, so no lock is taken.
    public func local<T: AnyObject>(_ type: T.Type, make: () -> T) -> T {
        assertOnLoop()
        if let existing = loopOnly.locals[ObjectIdentifier(type)] as? T { return existing }
        let made = make()
        loopOnly.locals[ObjectIdentifier(type)] = made
        return made
    }

    private func assertOnLoop() { assert(inLoop, "\(name): loop-thread API called from another thread") }

    // MARK: The loop

    private func runLoop() {
        var events = [epoll_event](repeating: epoll_event(), count: 128)
        while true {
            let (stopping, timeout) = takeInbox()
            if stopping, loopOnly.ready.isEmpty { break }
            let count = epoll_wait(epollFD, &events, Int32(events.count), timeout)
            inbox.withLock { $0.sleeping = false; $0.woken = false }
            for index in 0..<max(0, Int(count)) {
                let key = events[index].data.u64
                let fd = Int32(bitPattern: UInt32(truncatingIfNeeded: key))
                if fd == wakeFD, key >> 32 == 0 {
                    var value: UInt64 = 0
                    _ = read(wakeFD, &value, 8)
                } else if let entry = loopOnly.handlers[fd], UInt64(entry.registration) == key >> 32 {
                    entry.handler(events[index].events)
                }
            }
            runReady()
            runHooks()
        }
        // Ended: from now on `submit` refuses closures and sends jobs to the global executor. What came
        // meanwhile still runs here (closures) or goes there (jobs); then the hooks fail what waits on them.
        let late = inbox.withLock { inbox in
            inbox.ended = true
            defer { inbox.work = [] }
            return inbox.work
        }
        for work in late {
            switch work {
            case .job(let job): globalConcurrentExecutor.enqueue(job)
            case .closure(let closure): closure()
            }
        }
        for case .job(let job) in loopOnly.ready { globalConcurrentExecutor.enqueue(job) }
        loopOnly.ready = []
        loopOnly.ended = true
        for hook in loopOnly.hooks { hook.loopEnded() }
        loopOnly.hooks = []
        loopOnly.locals = [:]
        loopOnly.handlers = [:]
    }

    /// Moves the inbox to the ready queue; says whether the loop is stopping and how long it may sleep
    /// (0 when work is ready, marking the loop asleep otherwise, so that the next submit wakes it).
    private func takeInbox() -> (stopping: Bool, timeout: Int32) {
        let sleepFor = loopOnly.ready.isEmpty ? milliseconds(until: nextDeadline()) : 0
        return inbox.withLock { inbox in
            if !inbox.work.isEmpty {
                loopOnly.ready.append(contentsOf: inbox.work)
                inbox.work.removeAll(keepingCapacity: true)
            }
            let timeout = loopOnly.ready.isEmpty && !inbox.stopping ? sleepFor : 0
            inbox.sleeping = timeout != 0
            return (inbox.stopping, timeout)
        }
    }

    private func nextDeadline() -> ContinuousClock.Instant? {
        var earliest: ContinuousClock.Instant?
        for hook in loopOnly.hooks {
            if let deadline = hook.nextDeadline(), earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        return earliest
    }

    /// epoll's timeout for `deadline`: -1 for none, rounded up so a deadline is never woken for early.
    private func milliseconds(until deadline: ContinuousClock.Instant?) -> Int32 {
        guard let deadline else { return -1 }
        let (seconds, attoseconds) = (deadline - ContinuousClock.now).components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// The hooks' turn, after every job the turn ran: a job the hooks themselves made ready (a transfer's end,
    /// resuming its request) may leave work for a hook (a Redis command to send), and the loop must not sleep
    /// on it. So the turn ends with the hooks, never with jobs; after `maxHookRounds` rounds, jobs still ready
    /// keep the next `epoll_wait` from sleeping, and events are served between.
    private func runHooks() {
        for round in 1...Self.maxHookRounds {
            let now = ContinuousClock.now
            for hook in loopOnly.hooks { hook.turn(now: now) }
            guard !loopOnly.ready.isEmpty, round < Self.maxHookRounds else { return }
            runReady()
        }
    }

    private static let maxHookRounds = 4

    /// Runs the work ready now and what it queues on this thread, until none is left. The inbox is not
    /// taken here but once per turn (`takeInbox`): a busy gateway keeps posting work from other threads, and
    /// taking it here without end would starve the descriptors (upstream bytes, new requests) of their turn.
    private func runReady() {
        while !loopOnly.ready.isEmpty {
            let batch = loopOnly.ready
            loopOnly.ready.removeAll(keepingCapacity: true)
            for work in batch {
                switch work {
                case .job(let job): job.runSynchronously(on: asUnownedTaskExecutor())
                case .closure(let closure): closure()
                }
            }
        }
    }
}

public enum EventLoopError: Error, CustomStringConvertible {
    case system(String, Int32)
    public var description: String {
        switch self {
        case .system(let call, let code): return "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
