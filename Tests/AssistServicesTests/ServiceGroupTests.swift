import AssistServices
import Synchronization
import Testing

@Suite("Service group")
struct ServiceGroupTests {
    /// What the services of one test did, in the order they did it.
    final class Journal: Sendable {
        private let lines = Mutex<[String]>([])
        func note(_ line: String) { lines.withLock { $0.append(line) } }
        var entries: [String] { lines.withLock { $0 } }
    }

    struct Broken: Error, Equatable {}

    /// Runs until shut down, noting when it started, was asked to stop, and returned.
    final class Recorded: Service {
        let name: String
        private let journal: Journal
        private let stopped = Latch()
        private let failure: Broken?

        init(_ name: String, journal: Journal, failing failure: Broken? = nil) {
            self.name = name
            self.journal = journal
            self.failure = failure
        }

        func run() async throws {
            journal.note("run \(name)")
            if let failure { throw failure }
            await stopped.wait()
            await Task.yield()  // the work takes a moment to wind down; shutdown() must wait for it
            journal.note("returned \(name)")
        }

        func shutdown() {
            journal.note("shutdown \(name)")
            stopped.open()
        }
    }

    @Test("services run in order and stop in reverse, each run() returning before the next is stopped")
    func reverseOrder() async {
        let journal = Journal()
        let group = ServiceGroup(["a", "b", "c"].map { Recorded($0, journal: journal) })
        group.start()
        while journal.entries.count < 3 { await Task.yield() }
        #expect(Set(journal.entries) == ["run a", "run b", "run c"])
        let failures = await group.shutdown()
        #expect(failures.isEmpty)
        #expect(Array(journal.entries.dropFirst(3)) == [
            "shutdown c", "returned c", "shutdown b", "returned b", "shutdown a", "returned a",
        ])
    }

    @Test("a run() that throws is reported with the service's name, and returned by shutdown()")
    func failureReported() async {
        let journal = Journal()
        let reported = Mutex<[String]>([])
        let group = ServiceGroup([Recorded("sound", journal: journal), Recorded("broken", journal: journal, failing: Broken())]) { failure in
            reported.withLock { $0.append(failure.service) }
        }
        group.start()
        while reported.withLock({ $0.isEmpty }) { await Task.yield() }
        #expect(reported.withLock { $0 } == ["broken"])
        let failures = await group.shutdown()
        #expect(failures.map(\.service) == ["broken"])
        #expect(failures.first?.error as? Broken == Broken())
        #expect(failures.first?.description.hasPrefix("broken failed") == true)
        #expect(journal.entries.last == "returned sound")
    }

    @Test("a group shut down before it started asks every service to stop, and waits for none")
    func shutdownBeforeStart() async {
        let journal = Journal()
        let group = ServiceGroup(["a", "b"].map { Recorded($0, journal: journal) })
        #expect(await group.shutdown().isEmpty)
        #expect(journal.entries == ["shutdown b", "shutdown a"])
    }

    @Test("a latch opened before anyone waits lets later waits through; cancelling a wait calls its stop")
    func latch() async {
        let open = Latch()
        open.open()
        await open.wait()
        #expect(open.isOpen)

        let latch = Latch()
        let waiter = Task { await latch.wait(onCancel: { latch.open() }) }
        waiter.cancel()
        await waiter.value
        #expect(latch.isOpen)
    }
}
