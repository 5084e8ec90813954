import AssistClient
import Foundation
import Synchronization
import Testing

@Suite("SummaryCache")
struct SummaryCacheTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-cache-\(UUID().uuidString)")
    let key = SummaryCache.Key(bookingId: "BK-2041", bookingVersion: 3, promptVersion: "2026-09-18.2", locale: "tr-TR")

    @Test("a stored summary is a hit; each key part changing is a miss")
    func hitAndMisses() throws {
        let cache = SummaryCache(directory: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(cache.summary(for: key) == nil)
        try cache.store("Lizbon'a 14 Ekim 14:40'ta uçuyorsunuz.", for: key)
        #expect(cache.summary(for: key) == "Lizbon'a 14 Ekim 14:40'ta uçuyorsunuz.")
        var other = key; other.bookingId = "BK-2057"
        #expect(cache.summary(for: other) == nil)
        other = key; other.bookingVersion = 4
        #expect(cache.summary(for: other) == nil)
        other = key; other.promptVersion = "2026-10-01.1"
        #expect(cache.summary(for: other) == nil)
        other = key; other.locale = "en-US"
        #expect(cache.summary(for: other) == nil)
        // A second cache on the same directory (the app restarted) sees it.
        #expect(SummaryCache(directory: directory).summary(for: key) != nil)
    }

    @Test("a corrupt or truncated file is a miss, not a crash, and a new store repairs it")
    func corrupt() throws {
        let cache = SummaryCache(directory: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        try cache.store("summary", for: key)
        let file = try #require(try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil).first)
        for garbage in [Data(), Data("{\"key\":".utf8), Data([0xFF, 0xFE, 0x00]), Data("[1,2,3]".utf8)] {
            try garbage.write(to: file)
            #expect(cache.summary(for: key) == nil)
        }
        try cache.store("again", for: key)
        #expect(cache.summary(for: key) == "again")
    }

    @Test("concurrent writers never leave a torn entry")
    func concurrentWriters() async throws {
        let cache = SummaryCache(directory: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        let texts = (0..<16).map { String(repeating: "\($0 % 10)", count: 20_000) }
        await withTaskGroup(of: Void.self) { group in
            for text in texts {
                group.addTask { try? cache.store(text, for: key) }
                group.addTask { if let read = cache.summary(for: key) { #expect(texts.contains(read)) } }
            }
        }
        #expect(texts.contains(try #require(cache.summary(for: key))))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }
}

@Suite("SummaryCache with the client")
struct SummaryCacheStreamingTests {
    let key = SummaryCache.Key(bookingId: "BK-2041", bookingVersion: 3, promptVersion: "v1", locale: "tr-TR")

    @Test("a done stream is cached and then served with no network; a failed one is not cached")
    func onlyDoneStreamsAreCached() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = SummaryCache(directory: directory)

        let failing = FakeTransport(.init(pieces: [FakeTransport.sse([.delta(text: "yarım"), .error(code: .upstreamFailed)])]))
        await #expect(throws: AssistClientError.stream(code: .upstreamFailed)) {
            _ = try await cache.summary(for: key, request: summaryRequest, client: client(failing))
        }
        #expect(cache.summary(for: key) == nil)

        let good = FakeTransport(.init(pieces: [FakeTransport.sse([.delta(text: "tam "), .delta(text: "özet"),
                                                                    .done(finishReason: "stop", promptVersion: "v1")])]))
        #expect(try await cache.summary(for: key, request: summaryRequest, client: client(good)) == "tam özet")
        // Offline now: a transport that fails every call is never asked.
        let offline = FakeTransport(.init(failure: TransportError(URLError(.notConnectedToInternet))))
        #expect(try await cache.summary(for: key, request: summaryRequest, client: client(offline)) == "tam özet")
        #expect(offline.requests.withLock { $0.isEmpty })
    }
}
