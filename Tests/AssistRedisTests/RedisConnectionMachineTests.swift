@testable import AssistRedis
import Testing

/// The connection's protocol logic without sockets, in virtual time: pipelining, the login first, replies in
/// order, and every bound (capacity, deadline, connect and I/O timeouts, back-off) as events in, actions out.
@Suite("RedisConnectionMachine")
struct RedisConnectionMachineTests {
    let start = ContinuousClock.now
    let settings = RedisConnectionMachine.Settings(capacity: 3, deadline: .milliseconds(200), connectTimeout: .seconds(1),
                                                   ioTimeout: .seconds(2), reconnectDelay: .milliseconds(100), maxReconnectDelay: .seconds(2))
    let ping = RESP.command([Array("PING".utf8)])

    /// The actions in a comparable form.
    func describe(_ actions: [RedisConnectionMachine.Action]) -> [String] {
        actions.map { action in
            switch action {
            case .connect: "connect"
            case .send(let bytes): "send \(String(decoding: bytes, as: UTF8.self).split(separator: "\r\n").last ?? "")"
            case .succeed(let id, let reply): "succeed \(id) \(reply)"
            case .fail(let id, let error): "fail \(id) \(error.kind)"
            case .close: "close"
            }
        }
    }

    @Test("RESP: an array of bulk strings, binary-safe")
    func encoding() {
        #expect(RESP.command([Array("SET".utf8), [0, 13, 10]]) == Array("*2\r\n$3\r\nSET\r\n$3\r\n".utf8) + [0, 13, 10, 13, 10])
    }

    @Test("the first command connects; the login goes first, then every waiting command, pipelined; replies in order")
    func loginThenPipeline() {
        var machine = RedisConnectionMachine(settings: settings, handshake: [RESP.command([Array("AUTH".utf8), Array("pw".utf8)])])
        #expect(describe(machine.submit(1, bytes: ping, now: start)) == ["connect"])
        #expect(describe(machine.submit(2, bytes: ping, now: start)) == [])
        #expect(describe(machine.connected(now: start)) == ["send pw", "send PING", "send PING"])
        #expect(describe(machine.submit(3, bytes: ping, now: start)) == ["send PING"], "sent at once, whatever is in flight")
        #expect(describe(machine.received(.status("OK"), now: start)) == [], "the login's reply is the connection's own")
        #expect(describe(machine.received(.status("PONG"), now: start)) == ["succeed 1 status(\"PONG\")"])
        #expect(describe(machine.received(.error("WRONGTYPE x"), now: start)) == ["fail 2 server"])
        #expect(describe(machine.received(.status("PONG"), now: start)) == ["succeed 3 status(\"PONG\")"])
        #expect(machine.nextDeadline() == nil)
    }

    @Test("a refused login fails the connection as unavailable, and the commands behind it")
    func refusedLogin() {
        var machine = RedisConnectionMachine(settings: settings, handshake: [RESP.command([Array("AUTH".utf8), Array("pw".utf8)])])
        _ = machine.submit(1, bytes: ping, now: start)
        _ = machine.connected(now: start)
        #expect(describe(machine.received(.error("WRONGPASS"), now: start)) == ["close", "fail 1 unavailable"])
        #expect(describe(machine.submit(2, bytes: ping, now: start)) == ["fail 2 unavailable"], "backing off: at once, unsent")
        #expect(describe(machine.submit(3, bytes: ping, now: start + .milliseconds(100))) == ["connect"])
    }

    @Test("capacity counts queued and in flight; past it, busy at once")
    func capacity() {
        var machine = RedisConnectionMachine(settings: settings, handshake: [])
        _ = machine.submit(1, bytes: ping, now: start)
        _ = machine.connected(now: start)
        _ = machine.submit(2, bytes: ping, now: start)
        _ = machine.submit(3, bytes: ping, now: start)
        #expect(describe(machine.submit(4, bytes: ping, now: start)) == ["fail 4 busy"])
        _ = machine.received(.status("PONG"), now: start)
        #expect(describe(machine.submit(5, bytes: ping, now: start)) == ["send PING"])
    }

    @Test("a command waiting for its connection past its deadline fails busy, unsent; a connect past its timeout fails and backs off")
    func deadlineAndConnectTimeout() {
        var machine = RedisConnectionMachine(settings: settings, handshake: [])
        _ = machine.submit(1, bytes: ping, now: start)
        #expect(machine.nextDeadline() == start + .milliseconds(200))
        #expect(describe(machine.tick(now: start + .milliseconds(199))) == [])
        #expect(describe(machine.tick(now: start + .milliseconds(200))) == ["fail 1 busy"])
        _ = machine.submit(2, bytes: ping, now: start + .milliseconds(500))
        #expect(describe(machine.tick(now: start + .seconds(1))) == ["close", "fail 2 unavailable"])
        #expect(describe(machine.submit(3, bytes: ping, now: start + .milliseconds(1050))) == ["fail 3 unavailable"])
        #expect(describe(machine.submit(4, bytes: ping, now: start + .milliseconds(1100))) == ["connect"], "after the back-off")
    }

    @Test("a reply past the I/O timeout drops the connection: in flight fails connectionLost; the next command reconnects at once")
    func ioTimeout() {
        var machine = RedisConnectionMachine(settings: settings, handshake: [])
        _ = machine.submit(1, bytes: ping, now: start)
        _ = machine.connected(now: start)
        _ = machine.submit(2, bytes: ping, now: start + .seconds(1))
        #expect(machine.nextDeadline() == start + .seconds(2))
        #expect(describe(machine.tick(now: start + .seconds(2))) == ["close", "fail 1 connectionLost", "fail 2 connectionLost"])
        #expect(describe(machine.submit(3, bytes: ping, now: start + .seconds(2))) == ["connect"])
    }

    @Test("a connection the server closed while idle is replaced at the next command without waiting; shutdown fails everything")
    func peerCloseAndShutdown() {
        var machine = RedisConnectionMachine(settings: settings, handshake: [])
        _ = machine.submit(1, bytes: ping, now: start)
        _ = machine.connected(now: start)
        _ = machine.received(.status("PONG"), now: start)
        #expect(describe(machine.lost(RedisError(.connectionLost, "closed"), now: start)) == ["close"])
        #expect(describe(machine.submit(2, bytes: ping, now: start)) == ["connect"])
        #expect(describe(machine.shutdown()) == ["close", "fail 2 shutDown"])
        #expect(describe(machine.submit(3, bytes: ping, now: start)) == ["fail 3 shutDown"])
    }
}
