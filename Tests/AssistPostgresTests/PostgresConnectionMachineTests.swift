@testable import AssistPostgres
import Testing

/// The loop connection's protocol logic without libpq, in virtual time: pipelining, scripts sent alone, results
/// in order, a transaction's statements held to their connection, and every bound as events in, actions out.
@Suite("PostgresConnectionMachine")
struct PostgresConnectionMachineTests {
    let start = ContinuousClock.now
    let settings = PostgresConnectionMachine.Settings(capacity: 3, deadline: .milliseconds(200), connectTimeout: .seconds(1),
                                                      reconnectDelay: .milliseconds(100), maxReconnectDelay: .seconds(2))

    func statement(_ id: Int, epoch: Int? = nil, timeout: Duration = .seconds(5)) -> PostgresConnectionMachine.Command {
        .init(id: id, exclusive: false, timeout: timeout, epoch: epoch)
    }

    func script(_ id: Int) -> PostgresConnectionMachine.Command { .init(id: id, exclusive: true, timeout: .seconds(5), epoch: nil) }

    func describe(_ actions: [PostgresConnectionMachine.Action]) -> [String] {
        actions.map { action in
            switch action {
            case .connect: "connect"
            case .send(let id): "send \(id)"
            case .succeed(let id): "succeed \(id)"
            case .fail(let id, let error): "fail \(id) \(error.kind)"
            case .close: "close"
            }
        }
    }

    @Test("the first statement connects; then every waiting one goes out at once, pipelined; results in order")
    func pipeline() {
        var machine = PostgresConnectionMachine(settings: settings)
        #expect(describe(machine.submit(statement(1), now: start)) == ["connect"])
        #expect(describe(machine.submit(statement(2), now: start)) == [])
        #expect(describe(machine.connected(now: start)) == ["send 1", "send 2"])
        #expect(machine.epoch == 1)
        #expect(describe(machine.submit(statement(3), now: start)) == ["send 3"], "sent whatever is in flight")
        #expect(describe(machine.completed(nil, now: start)) == ["succeed 1"])
        #expect(describe(machine.completed(PostgresError(.server, "no", sqlState: "23505"), now: start)) == ["fail 2 server"])
        #expect(describe(machine.completed(nil, now: start)) == ["succeed 3"])
        #expect(machine.nextDeadline() == nil)
    }

    @Test("a script goes alone: after what is in flight, and nothing behind it until it is answered")
    func scriptsAlone() {
        var machine = PostgresConnectionMachine(settings: settings)
        _ = machine.submit(statement(1), now: start)
        _ = machine.connected(now: start)
        #expect(describe(machine.submit(script(2), now: start)) == [], "statement 1 is in flight")
        #expect(describe(machine.submit(statement(3), now: start)) == [], "behind the script")
        #expect(describe(machine.completed(nil, now: start)) == ["succeed 1", "send 2"])
        #expect(describe(machine.completed(nil, now: start)) == ["succeed 2", "send 3"])
    }

    @Test("a transaction's statement runs only on its own connection: after a reconnection it fails unsent")
    func epochs() {
        var machine = PostgresConnectionMachine(settings: settings)
        _ = machine.submit(statement(1), now: start)
        _ = machine.connected(now: start)
        _ = machine.completed(nil, now: start)
        #expect(describe(machine.submit(statement(2, epoch: 1), now: start)) == ["send 2"])
        #expect(describe(machine.lost(PostgresError(.connectionLost, "gone"), now: start)) == ["close", "fail 2 connectionLost"])
        #expect(describe(machine.submit(statement(3, epoch: 1), now: start)) == ["fail 3 connectionLost"], "not while down")
        _ = machine.submit(statement(4), now: start)
        #expect(describe(machine.connected(now: start)) == ["send 4"])
        #expect(machine.epoch == 2)
        #expect(describe(machine.submit(statement(5, epoch: 1), now: start)) == ["fail 5 connectionLost"], "nor on the next connection")
        #expect(describe(machine.submit(statement(6, epoch: 2), now: start)) == ["send 6"])
    }

    @Test("capacity counts queued and in flight; past it, busy at once")
    func capacity() {
        var machine = PostgresConnectionMachine(settings: settings)
        _ = machine.submit(statement(1), now: start)
        _ = machine.submit(statement(2), now: start)
        _ = machine.submit(statement(3), now: start)
        #expect(describe(machine.submit(statement(4), now: start)) == ["fail 4 busy"])
        _ = machine.connected(now: start)
        #expect(describe(machine.submit(statement(5), now: start)) == ["fail 5 busy"], "three in flight")
        _ = machine.completed(nil, now: start)
        #expect(describe(machine.submit(statement(6), now: start)) == ["send 6"])
    }

    @Test("a statement not answered within its timeout drops the connection: it times out, the others in flight are lost")
    func statementTimeout() {
        var machine = PostgresConnectionMachine(settings: settings)
        _ = machine.submit(statement(1, timeout: .seconds(1)), now: start)
        _ = machine.connected(now: start)
        _ = machine.submit(statement(2), now: start + .milliseconds(500))
        #expect(machine.nextDeadline() == start + .seconds(1))
        #expect(describe(machine.tick(now: start + .milliseconds(999))) == [])
        #expect(describe(machine.tick(now: start + .seconds(1))) == ["close", "fail 2 connectionLost", "fail 1 timedOut"])
        #expect(describe(machine.submit(statement(3), now: start + .seconds(1))) == ["connect"], "a lost connection is no failed attempt")
    }

    @Test("connecting is bounded; a refused connection backs off, failing work at once meanwhile; waiting work has a deadline")
    func connectBounds() {
        var machine = PostgresConnectionMachine(settings: settings)
        _ = machine.submit(statement(1), now: start)
        #expect(machine.nextDeadline() == start + .milliseconds(200))
        #expect(describe(machine.tick(now: start + .milliseconds(200))) == ["fail 1 busy"], "waited past its deadline, unsent")
        _ = machine.submit(statement(2), now: start + .milliseconds(900))
        #expect(describe(machine.tick(now: start + .seconds(1))) == ["close", "fail 2 unreachable"])
        #expect(describe(machine.submit(statement(3), now: start + .seconds(1))) == ["fail 3 unreachable"], "backing off")
        #expect(describe(machine.submit(statement(4), now: start + .milliseconds(1100))) == ["connect"])
        #expect(describe(machine.connectFailed(PostgresError(.unreachable, "refused"), now: start + .milliseconds(1100))) == ["close", "fail 4 unreachable"])
        #expect(describe(machine.submit(statement(5), now: start + .milliseconds(1250))) == ["fail 5 unreachable"], "the wait doubled")
        #expect(describe(machine.submit(statement(6), now: start + .milliseconds(1300))) == ["connect"])
    }

    @Test("shutdown fails what waits and what is in flight, and everything after")
    func shutdown() {
        var machine = PostgresConnectionMachine(settings: settings)
        _ = machine.submit(statement(1), now: start)
        _ = machine.connected(now: start)
        _ = machine.submit(script(2), now: start)
        #expect(describe(machine.shutdown()) == ["close", "fail 1 shutDown", "fail 2 shutDown"])
        #expect(describe(machine.submit(statement(3), now: start)) == ["fail 3 shutDown"])
    }

    @Test("a result nobody asked for drops the connection")
    func unaskedResult() {
        var machine = PostgresConnectionMachine(settings: settings)
        _ = machine.submit(statement(1), now: start)
        _ = machine.connected(now: start)
        _ = machine.completed(nil, now: start)
        #expect(describe(machine.completed(nil, now: start)) == ["close"])
        #expect(!machine.isReady)
    }
}
