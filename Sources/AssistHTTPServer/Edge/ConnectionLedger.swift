import Synchronization

/// The server's count of open connections: in all, and per client address.
///
/// The edge admits a connection (or refuses it) as it accepts it; it stays counted while the edge waits for
/// its request and while libmicrohttpd serves it, until libmicrohttpd reports it closed. A direct client counts
/// against its own address from the start; a trusted proxy's connection counts against the address it
/// forwards, once its head has said which. Each connection is counted once, however it ends.
final class ConnectionLedger: Sendable {
    enum Verdict: Equatable {
        case admitted
        /// The server holds `total` connections already.
        case overloaded
        /// This address holds `perAddress` connections already.
        case tooManyFromAddress
    }

    /// What is kept for a connection libmicrohttpd holds: whom it counts against, whether its peer is a trusted
    /// proxy, and its request's deadline.
    struct Handed: Sendable {
        var address: String?
        /// The peer is one of the trusted proxies (`address` is then the client it forwards).
        var viaTrustedProxy: Bool
        var deadline: ContinuousClock.Instant
        /// The edge handed the connection on before the request's body had arrived.
        var bodyPending: Bool
    }

    let total: Int
    /// 0: no limit per address.
    let perAddress: Int

    private struct State {
        var open = 0
        var byAddress: [String: Int] = [:]
        var handed: [Int32: Handed] = [:]
    }

    private let state = Mutex(State())

    init(total: Int, perAddress: Int) {
        self.total = max(1, total)
        self.perAddress = max(0, perAddress)
    }

    /// Admits a newly accepted connection, counted against `address` unless nil (a trusted proxy's).
    func admit(address: String?) -> Verdict {
        state.withLock { state in
            guard state.open < total else { return .overloaded }
            if let address {
                guard perAddress == 0 || state.byAddress[address, default: 0] < perAddress else { return .tooManyFromAddress }
                state.byAddress[address, default: 0] += 1
            }
            state.open += 1
            return .admitted
        }
    }

    /// Counts an admitted connection of a trusted proxy against the address it forwards; false (and nothing
    /// counted) when that address holds its share already.
    func assign(address: String) -> Bool {
        state.withLock { state in
            guard perAddress == 0 || state.byAddress[address, default: 0] < perAddress else { return false }
            state.byAddress[address, default: 0] += 1
            return true
        }
    }

    /// Ends the count of a connection the edge closes itself.
    func release(address: String?) {
        state.withLock { state in Self.release(address, in: &state) }
    }

    /// Notes a connection handed to libmicrohttpd, keyed by its descriptor until libmicrohttpd closes it.
    func handOver(descriptor: Int32, _ handed: Handed) {
        state.withLock { $0.handed[descriptor] = handed }
    }

    /// The request deadline of a connection libmicrohttpd holds, and whether its body was still to come.
    func handed(descriptor: Int32) -> Handed? {
        state.withLock { $0.handed[descriptor] }
    }

    /// libmicrohttpd closed (or could not take) the connection: its count ends. Idempotent per hand-over.
    func closed(descriptor: Int32) {
        state.withLock { state in
            guard let handed = state.handed.removeValue(forKey: descriptor) else { return }
            Self.release(handed.address, in: &state)
        }
    }

    var openCount: Int { state.withLock { $0.open } }

    private static func release(_ address: String?, in state: inout State) {
        state.open -= 1
        guard let address, let count = state.byAddress[address] else { return }
        if count <= 1 { state.byAddress.removeValue(forKey: address) } else { state.byAddress[address] = count - 1 }
    }
}
