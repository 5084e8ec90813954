import AssistRedis
import LocalServers
import Testing

@Suite("RedisClient against a real redis-server")
struct RedisClientTests {
    @Test func decodesEveryKindOfReply() async throws {
        try await RedisServer.with { server in
            let client = try makeClient(server)
            #expect(try await client.command("PING") == .status("PONG"))
            #expect(try await client.command("INCRBY", "n", "41") == .integer(41))
            #expect(try await client.command("GET", "missing") == .null)
            #expect(try await client.command("RPUSH", "list", "a", "b") == .integer(2))
            #expect(try await client.command("LRANGE", "list", "0", "-1") == .array([.bulk(Array("a".utf8)), .bulk(Array("b".utf8))]))
            #expect(try await client.command("EVAL", "return {1, 'x', false}", "0") == .array([.integer(1), .bulk(Array("x".utf8)), .null]))
            let error = await #expect(throws: RedisError.self) { try await client.command("INCR", "list") }
            #expect(error?.kind == .server)
            #expect(error?.message.hasPrefix("WRONGTYPE") == true)
            #expect(try await client.command("PING") == .status("PONG"), "an error reply leaves the connection usable")
        }
    }

    @Test func argumentsAndValuesAreBinarySafe() async throws {
        try await RedisServer.with { server in
            let client = try makeClient(server)
            let key: [UInt8] = [0x6B, 0x00, 0x20, 0x0D, 0x0A]
            let value: [UInt8] = Array(0...255) + [0, 0, 0x0D, 0x0A]
            #expect(try await client.command(bytes: [Array("SET".utf8), key, value]) == .status("OK"))
            #expect(try await client.command(bytes: [Array("GET".utf8), key]) == .bulk(value))
            #expect(try await client.command(bytes: [Array("SET".utf8), Array("empty".utf8), []]) == .status("OK"))
            #expect(try await client.command("GET", "empty") == .bulk([]))
        }
    }

    @Test func logsInAndSelectsTheDatabaseFromTheURL() async throws {
        try await RedisServer.with(password: "s3cret") { server in
            let inThree = RedisClient(url: try RedisURL("redis://:s3cret@127.0.0.1:\(server.port)/3"))
            let inZero = RedisClient(url: try RedisURL("redis://:s3cret@127.0.0.1:\(server.port)"))
            #expect(try await inThree.command("SET", "where", "three") == .status("OK"))
            #expect(try await inZero.command("GET", "where") == .null)
            #expect(try await inThree.command("GET", "where") == .bulk(Array("three".utf8)))

            let wrong = RedisClient(url: try RedisURL("redis://:nope@127.0.0.1:\(server.port)"))
            let error = await #expect(throws: RedisError.self) { try await wrong.command("PING") }
            #expect(error?.kind == .unavailable)
            #expect(error?.message.contains("nope") == false, "the password is never in an error")
        }
    }

    @Test func manyConcurrentCommandsAllGetTheirOwnReply() async throws {
        try await RedisServer.with { server in
            let client = try makeClient(server)
            let replies = try await withThrowingTaskGroup(of: (Int, RedisReply).self) { group in
                for index in 0..<500 {
                    group.addTask { (index, try await client.command("EVAL", "return ARGV[1] * 2", "0", String(index))) }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            #expect(replies.count == 500)
            #expect(replies.allSatisfy { $0.value == .integer(Int64($0.key * 2)) })
        }
    }

    /// Capacity counts the commands queued or in flight on a connection: one held by the server, two more
    /// pipelined behind it, and the rest refused at once.
    @Test func aFullQueueRefusesAtOnceAndNothingHangs() async throws {
        try await RedisServer.with { server in
            var settings = RedisClient.Settings()
            settings.capacity = 3
            settings.ioTimeout = .seconds(10)
            let client = try makeClient(server, settings: settings)
            _ = try await client.command("PING")  // connected, so the sleeper goes out at once
            async let sleeper = client.command("DEBUG", "SLEEP", "1.5")
            try await Task.sleep(for: .milliseconds(300))
            let outcomes = await withTaskGroup(of: RedisError.Kind?.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        do {
                            _ = try await client.command("PING")
                            return nil
                        } catch {
                            return (error as? RedisError)?.kind
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            _ = try await sleeper
            #expect(outcomes.filter { $0 == nil }.count == 2)
            #expect(outcomes.filter { $0 == .busy }.count == 18)
        }
    }

    /// Pipelined: a command sent behind a slow one goes out at once and is answered after it, within its own
    /// I/O timeout (a command that waits for a connection past its deadline: `RedisConnectionMachineTests`).
    @Test func aCommandBehindASlowOneIsPipelinedAndAnswered() async throws {
        try await RedisServer.with { server in
            let client = try makeClient(server)
            _ = try await client.command("PING")
            async let sleeper = client.command("DEBUG", "SLEEP", "0.5")
            try await Task.sleep(for: .milliseconds(50))
            #expect(try await client.command("SET", "behind", "1") == .status("OK"))
            _ = try await sleeper
            #expect(try await client.command("GET", "behind") == .bulk(Array("1".utf8)))
        }
    }

    @Test func aReplyPastTheIOTimeoutLosesTheConnectionAndTheNextCommandReconnects() async throws {
        try await RedisServer.with { server in
            var settings = RedisClient.Settings()
            settings.ioTimeout = .milliseconds(200)
            let client = try makeClient(server, settings: settings)
            let error = await #expect(throws: RedisError.self) { try await client.command("DEBUG", "SLEEP", "2") }
            // Lost at the I/O timeout, not after the server's 2 s (no bound on the time: tests run in parallel).
            #expect(error?.kind == .connectionLost)
            #expect(await eventually { await succeeds { _ = try await client.command("PING") } })
        }
    }

    @Test func aServerThatIsDownFailsCommandsPromptlyAndTheClientRecoversWhenItIsBack() async throws {
        try await RedisServer.with { server in
            let client = try makeClient(server)
            #expect(try await client.command("SET", "k", "v") == .status("OK"))
            await server.stop()
            for _ in 0..<3 {
                let started = ContinuousClock.now
                let error = await #expect(throws: RedisError.self) { try await client.command("GET", "k") }
                #expect(error?.kind == .unavailable || error?.kind == .connectionLost)
                // A wait would last the command's deadline (2 s) at least; an error comes at once. The margin below it
                // is for a loaded two-core machine (the pass measured up to 1.13 s).
                #expect(ContinuousClock.now - started < .seconds(2), "an error, not a wait")
            }
            #expect(!client.isConnected)
            try await server.restart()
            #expect(await eventually { await succeeds { _ = try await client.command("PING") } })
            #expect(try await client.command("GET", "k") == .bulk(Array("v".utf8)), "the AOF kept the key")
        }
    }

    @Test func theFirstCommandAfterARestartGoesOutOnAFreshConnection() async throws {
        try await RedisServer.with { server in
            let client = try makeClient(server)
            #expect(try await client.command("PING") == .status("PONG"))
            try await server.restart()
            try await Task.sleep(for: .milliseconds(50))  // the old connection's close has reached us
            #expect(try await client.command("PING") == .status("PONG"))
        }
    }

    @Test func aClientStartedBeforeItsServerConnectsOnceTheServerIsUp() async throws {
        try await RedisServer.with { server in
            await server.stop()
            let client = try makeClient(server)
            await #expect(throws: RedisError.self) { try await client.command("PING") }
            try await server.restart()
            #expect(await eventually { await succeeds { _ = try await client.command("PING") } })
        }
    }

    @Test func shutdownEndsTheThreadAndLaterCommandsFail() async throws {
        try await RedisServer.with { server in
            let client = try makeClient(server)
            #expect(try await client.command("PING") == .status("PONG"))
            client.shutdown()
            try await client.run()
            let error = await #expect(throws: RedisError.self) { try await client.command("PING") }
            #expect(error?.kind == .shutDown)
        }
    }
}
