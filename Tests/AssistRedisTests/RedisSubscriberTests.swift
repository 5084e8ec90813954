import AssistRedis
import LocalServers
import Synchronization
import Testing

@Suite("RedisSubscriber against a real redis-server")
struct RedisSubscriberTests {
    /// The events a subscriber delivered, in order.
    final class Recorder: Sendable {
        private let events = Mutex<[RedisSubscriber.Event]>([])
        func record(_ event: RedisSubscriber.Event) { events.withLock { $0.append(event) } }
        var all: [RedisSubscriber.Event] { events.withLock { $0 } }
        var messages: [RedisSubscriber.Event] { all.filter { if case .message = $0 { true } else { false } } }
        func count(_ event: RedisSubscriber.Event) -> Int { all.filter { $0 == event }.count }
    }

    @Test func deliversMessagesOnItsChannelsOnly() async throws {
        try await RedisServer.with { server in
            let recorder = Recorder()
            let subscriber = RedisSubscriber(url: try RedisURL(server.url), channels: ["admin", "summaries"], handler: recorder.record)
            #expect(await eventually { recorder.count(.subscribed(resumed: false)) == 1 })
            let publisher = try makeClient(server)
            #expect(try await publisher.publish("admin", "kill support_chat") == 1)
            #expect(try await publisher.publish("elsewhere", "not for us") == 0)
            #expect(try await publisher.publish("summaries", [0, 255, 10]) == 1)
            #expect(await eventually { recorder.messages.count == 2 })
            #expect(recorder.messages == [.message(channel: "admin", payload: Array("kill support_chat".utf8)),
                                          .message(channel: "summaries", payload: [0, 255, 10])])
            subscriber.shutdown()
            try await subscriber.run()
        }
    }

    @Test func resubscribesAfterARedisRestartAndSaysSo() async throws {
        try await RedisServer.with { server in
            let recorder = Recorder()
            var settings = RedisSubscriber.Settings()
            settings.maxReconnectDelay = .milliseconds(200)
            let subscriber = RedisSubscriber(url: try RedisURL(server.url), channels: ["admin"], settings: settings, handler: recorder.record)
            #expect(await eventually { recorder.count(.subscribed(resumed: false)) == 1 })
            try await server.restart()
            #expect(await eventually { recorder.count(.subscribed(resumed: true)) == 1 })
            let disconnected = recorder.all.contains { if case .disconnected = $0 { true } else { false } }
            #expect(disconnected, "the loss was reported before the resubscription")
            let publisher = try makeClient(server)
            #expect(await eventually { await succeeds { _ = try await publisher.publish("admin", "after") } })
            #expect(await eventually { recorder.messages == [.message(channel: "admin", payload: Array("after".utf8))] })
            subscriber.shutdown()
            try await subscriber.run()
        }
    }

    @Test func aSubscriberStartedWhileRedisIsDownSubscribesOnceItIsUp() async throws {
        try await RedisServer.with { server in
            await server.stop()
            let recorder = Recorder()
            var settings = RedisSubscriber.Settings()
            settings.maxReconnectDelay = .milliseconds(200)
            let subscriber = RedisSubscriber(url: try RedisURL(server.url), channels: ["admin"], settings: settings, handler: recorder.record)
            try await Task.sleep(for: .milliseconds(300))
            #expect(recorder.all.isEmpty)
            try await server.restart()
            #expect(await eventually { recorder.count(.subscribed(resumed: false)) == 1 })
            subscriber.shutdown()
            let started = ContinuousClock.now
            try await subscriber.run()
            #expect(ContinuousClock.now - started < .seconds(1), "shutdown wakes the thread's poll at once")
        }
    }

    @Test func aSilentConnectionIsPingedAndKeptWhileTheServerAnswers() async throws {
        try await RedisServer.with { server in
            let recorder = Recorder()
            var settings = RedisSubscriber.Settings()
            settings.pingInterval = .milliseconds(100)
            let subscriber = RedisSubscriber(url: try RedisURL(server.url), channels: ["admin"], settings: settings, handler: recorder.record)
            #expect(await eventually { recorder.count(.subscribed(resumed: false)) == 1 })
            try await Task.sleep(for: .milliseconds(600))
            #expect(recorder.all == [.subscribed(resumed: false)], "pings answered: no reconnect")
            #expect(try await makeClient(server).publish("admin", "still here") == 1)
            #expect(await eventually { recorder.messages.count == 1 })
            subscriber.shutdown()
            try await subscriber.run()
        }
    }
}

@Suite("RedisSubscriber refused")
struct RedisSubscriberRefusedTests {
    @Test func aRefusedSubscriptionIsReportedAndRetriedAtTheBackOffsPaceNotInALoop() async throws {
        try await RedisServer.with { server in
            let admin = try makeClient(server)
            #expect(try await admin.command("ACL", "SETUSER", "nosub", "on", ">pw", "~*", "+@all", "-subscribe") == .status("OK"))
            let recorder = RedisSubscriberTests.Recorder()
            let subscriber = RedisSubscriber(url: try RedisURL("redis://nosub:pw@127.0.0.1:\(server.port)"), channels: ["admin"],
                                             handler: recorder.record)
            try await Task.sleep(for: .milliseconds(700))
            subscriber.shutdown()
            try await subscriber.run()
            let refusals = recorder.all.filter { if case .disconnected(let error) = $0 { error.kind == .server } else { false } }
            #expect(refusals.count >= 1 && refusals.count <= 5, "\(recorder.all.count) events")
            #expect(!recorder.all.contains(.subscribed(resumed: false)))
        }
    }
}
