import Synchronization

/// The server's count of open connections: in all, and per client address.
///
/// A loop admits a connection (or refuses it) as it accepts it; it stays counted until the loop closes it (or,
/// for an answered refusal, until it starts to linger). A trusted proxy's connection counts in the total only;
/// each of its requests counts against the client address it forwards while it is answered, since a proxy
/// keeps its connections for the requests of many clients. A direct client's connection counts against its
/// own address from the start. Each connection is counted once, however it ends.
final class ConnectionLedger: Sendable {
    enum Verdict: Equatable {
        case admitted
        /// The server holds `total` connections already.
        case overloaded
        /// This address holds `perAddress` connections already.
        case tooManyFromAddress
    }

    let total: Int
    /// 0: no limit per address.
    let perAddress: Int

    private struct State {
        var open = 0
        var byAddress: [String: Int] = [:]
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

    /// Counts a request that a trusted proxy forwards against the client's address; false (and nothing counted)
    /// when that address holds its share already. `unassign` ends it.
    func assign(address: String) -> Bool {
        state.withLock { state in
            guard perAddress == 0 || state.byAddress[address, default: 0] < perAddress else { return false }
            state.byAddress[address, default: 0] += 1
            return true
        }
    }

    /// Ends a count `assign` began, the connection itself still counted (a proxy's kept-alive connection after
    /// one of its requests).
    func unassign(address: String) {
        state.withLock { state in
            guard let count = state.byAddress[address] else { return }
            if count <= 1 { state.byAddress.removeValue(forKey: address) } else { state.byAddress[address] = count - 1 }
        }
    }

    /// Ends the count of a connection.
    func release(address: String?) {
        state.withLock { state in Self.release(address, in: &state) }
    }

    var openCount: Int { state.withLock { $0.open } }

    private static func release(_ address: String?, in state: inout State) {
        state.open -= 1
        guard let address, let count = state.byAddress[address] else { return }
        if count <= 1 { state.byAddress.removeValue(forKey: address) } else { state.byAddress[address] = count - 1 }
    }
}
