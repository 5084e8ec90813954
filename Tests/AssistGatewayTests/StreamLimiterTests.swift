import AssistGateway
import Testing

@Suite("StreamLimiter")
struct StreamLimiterTests {
    @Test func admitsUpToTheLimitPerUser() {
        let limiter = StreamLimiter(maxPerUser: 2)
        #expect(limiter.acquire("alice"))
        #expect(limiter.acquire("alice"))
        #expect(!limiter.acquire("alice"))
        #expect(!limiter.acquire("alice"))
    }

    @Test func usersAreCountedSeparately() {
        let limiter = StreamLimiter(maxPerUser: 1)
        #expect(limiter.acquire("alice"))
        #expect(limiter.acquire("bob"))
        #expect(!limiter.acquire("alice"))
        #expect(!limiter.acquire("bob"))
    }

    @Test func releaseFreesASlot() {
        let limiter = StreamLimiter(maxPerUser: 2)
        #expect(limiter.acquire("alice"))
        #expect(limiter.acquire("alice"))
        limiter.release("alice")
        #expect(limiter.acquire("alice"))
        #expect(!limiter.acquire("alice"))
    }

    @Test func releasingEverySlotRestoresTheFullLimit() {
        let limiter = StreamLimiter(maxPerUser: 3)
        for _ in 0..<3 { #expect(limiter.acquire("alice")) }
        for _ in 0..<3 { limiter.release("alice") }
        for _ in 0..<3 { #expect(limiter.acquire("alice")) }
        #expect(!limiter.acquire("alice"))
    }

    @Test func extraReleasesDoNotGrantExtraSlots() {
        let limiter = StreamLimiter(maxPerUser: 2)
        limiter.release("alice")
        limiter.release("alice")
        #expect(limiter.acquire("alice"))
        limiter.release("alice")
        limiter.release("alice")
        #expect(limiter.acquire("alice"))
        #expect(limiter.acquire("alice"))
        #expect(!limiter.acquire("alice"))
    }

    @Test func releaseOfAnotherUserDoesNotFreeOurSlot() {
        let limiter = StreamLimiter(maxPerUser: 1)
        #expect(limiter.acquire("alice"))
        limiter.release("bob")
        #expect(!limiter.acquire("alice"))
    }

    @Test func zeroLimitAdmitsNobody() {
        let limiter = StreamLimiter(maxPerUser: 0)
        #expect(!limiter.acquire("alice"))
        #expect(limiter.maxPerUser == 0)
    }

    @Test func concurrentAcquiresAdmitExactlyTheLimit() async {
        let limiter = StreamLimiter(maxPerUser: 5)
        let admitted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<100 { group.addTask { limiter.acquire("alice") } }
            var count = 0
            for await ok in group where ok { count += 1 }
            return count
        }
        #expect(admitted == 5)
        #expect(!limiter.acquire("alice"))
    }

    @Test func concurrentAcquireAndReleaseBalance() async {
        let limiter = StreamLimiter(maxPerUser: 4)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 {
                group.addTask { if limiter.acquire("alice") { limiter.release("alice") } }
            }
        }
        for _ in 0..<4 { #expect(limiter.acquire("alice")) }
        #expect(!limiter.acquire("alice"))
    }
}
