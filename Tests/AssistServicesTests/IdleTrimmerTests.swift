import AssistServices
import Synchronization
import Testing

/// Memory is trimmed once per burst, at idle, never while work is open or when nothing ran since.
@Suite("IdleTrimmer")
struct IdleTrimmerTests {
    @Test("no trim while work is open or before any; one when it has all ended; none again until the next burst")
    func oncePerBurst() {
        let open = Mutex(0), trims = Mutex(0)
        let trimmer = IdleTrimmer(openWork: { open.withLock { $0 } }, trim: { trims.withLock { $0 += 1 } })
        #expect(!trimmer.check(), "nothing ran yet")
        open.withLock { $0 = 5000 }
        #expect(!trimmer.check() && !trimmer.check(), "busy")
        open.withLock { $0 = 0 }
        #expect(trimmer.check())
        #expect(!trimmer.check(), "already given back")
        open.withLock { $0 = 1 }
        _ = trimmer.check()
        open.withLock { $0 = 0 }
        #expect(trimmer.check())
        #expect(trims.withLock { $0 } == 2)
    }

    @Test("as a service it checks on its own and stops on shutdown")
    func runs() async {
        let open = Mutex(1), trims = Mutex(0), checks = Mutex(0)
        let trimmer = IdleTrimmer(interval: .milliseconds(10), openWork: { checks.withLock { $0 += 1 }; return open.withLock { $0 } },
                                  trim: { trims.withLock { $0 += 1 } })
        let running = Task { await trimmer.run() }
        // Not before it has seen the work open (a loaded machine may start it late).
        for _ in 0..<1_000 where checks.withLock({ $0 }) == 0 { try? await Task.sleep(for: .milliseconds(10)) }
        open.withLock { $0 = 0 }
        for _ in 0..<1_000 where trims.withLock({ $0 }) == 0 { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(trims.withLock { $0 } == 1)
        trimmer.shutdown()
        await running.value
    }
}
