@testable import AssistGateway
import AssistTestSupport
import Testing

/// `ChunkChannel` keeps `AsyncThrowingStream`'s contract for a provider call's chunks: order, the end's error
/// once, and the reader's going (cancelled, or released before the end) cancelling the call exactly once.
@Suite("A provider call's chunk channel")
struct ChunkChannelTests {
    func channel() -> (ChunkChannel, cancels: CallCounter) {
        let channel = ChunkChannel(), cancels = CallCounter()
        channel.onCancel { cancels.increment() }
        return (channel, cancels)
    }

    @Test("chunks yielded before the reader asks are handed out in order, then the end")
    func buffersInOrder() async throws {
        let (channel, cancels) = channel()
        #expect(channel.yield(.text("a")))
        #expect(channel.yield(.text("b")))
        #expect(channel.yield(.finish(reason: "stop")))
        channel.finish()
        #expect(!channel.yield(.text("late")), "a chunk after the end is dropped")
        var read: [ProviderChunk] = []
        for try await chunk in ProviderStream(channel, cancel: {}) { read.append(chunk) }
        #expect(read == [.text("a"), .text("b"), .finish(reason: "stop")])
        #expect(cancels.count == 0, "a channel read to its end cancels nothing")
    }

    @Test("a waiting reader is woken by each chunk and by the end")
    func wakesTheWaitingReader() async throws {
        let (channel, _) = channel()
        let reader = Task {
            var read: [ProviderChunk] = []
            for try await chunk in ProviderStream(channel, cancel: {}) { read.append(chunk) }
            return read
        }
        for index in 0..<50 {
            await Task.yield()
            channel.yield(.text("t\(index) "))
        }
        channel.finish()
        let read = try await reader.value
        #expect(read == (0..<50).map { .text("t\($0) ") })
    }

    @Test("the end's error comes after what was buffered, once; then the channel is over")
    func throwsTheEndOnce() async throws {
        struct Broke: Error {}
        let (channel, cancels) = channel()
        channel.yield(.text("kept"))
        channel.finish(throwing: Broke())
        channel.finish()  // the first end wins
        #expect(try await channel.next() == .text("kept"))
        await #expect(throws: Broke.self) { try await channel.next() }
        #expect(try await channel.next() == nil)
        #expect(cancels.count == 0)
    }

    @Test("cancelling the reading task ends its wait with nil, cancels the call once and drops later chunks")
    func readerCancelled() async throws {
        let (channel, cancels) = channel()
        let reader = Task { try await channel.next() }
        // Let the reader start waiting (either order ends the same way: a cancelled reader gets nil).
        for _ in 0..<20 { await Task.yield() }
        reader.cancel()
        #expect(try await reader.value == nil)
        #expect(cancels.count == 1)
        #expect(!channel.yield(.text("nobody reads this")))
        channel.finish()
        channel.readerGone()
        #expect(cancels.count == 1, "the call is cancelled once, whatever follows")
    }

    @Test("a stream released before its end cancels the call; one released after its end does not")
    func releasedStream() async throws {
        let (unread, unreadCancels) = channel()
        do {
            var iterator = ProviderStream(unread, cancel: {}).makeAsyncIterator()
            unread.yield(.text("one"))
            #expect(try await iterator.next() == .text("one"))
        }
        #expect(unreadCancels.count == 1, "neither the stream nor its iterator is left, and the call had not ended")

        let (ended, endedCancels) = channel()
        do {
            let stream = ProviderStream(ended, cancel: {})
            withExtendedLifetime(stream) { ended.finish() }
        }
        #expect(endedCancels.count == 0)
    }
}
