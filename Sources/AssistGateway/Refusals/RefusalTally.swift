/// The counting behind `RefusalRecorder`: refusals of the current minute, and the counts not yet stored,
/// within bounds that hold whatever a client sends.
///
/// - At most `addressesPerMinute` distinct addresses a minute; refusals from further ones count under
///   `otherAddress`. A flood from many addresses adds at most that many rows a minute, not one per address.
/// - At most `keysPerMinute` distinct keys a minute; past it a new key's address is `otherAddress` too.
///   Endpoints and reasons come from closed sets, so the keys under `otherAddress` are bounded as well.
/// - The first `fullRowsPerMinute` refusals of each minute are also written in full (audit rows); the rest
///   are only counted. A flood cannot fill the audit, however long it lasts.
/// - Counts that could not be stored are kept for `pendingMinutes` minutes, then dropped (and counted as
///   dropped), so a store that stays down cannot make memory grow either.
///
/// Time only moves forward here: a refusal stamped before the current minute (a request that raced the
/// minute's turn, a wall clock set back) counts in the current minute.
struct RefusalTally: Sendable {
    struct Limits: Sendable {
        var addressesPerMinute = 1_000
        var keysPerMinute = 2_000
        var fullRowsPerMinute = 20
        var pendingMinutes = 10
    }

    /// The address refusals count under past a minute's bound.
    static let otherAddress = "other"

    let limits: Limits
    /// The current minute (whole minutes since 1970).
    private(set) var minute = Int.min
    private var addresses: Set<String> = []
    private var keys: Set<RefusalKey> = []
    private var fullRows = 0
    /// Counted and not yet stored.
    private(set) var pending: [RefusalKey: Int] = [:]
    /// Refusals whose counts were dropped because they could not be stored in time.
    private(set) var dropped = 0

    init(limits: Limits = Limits()) { self.limits = limits }

    /// Counts one refusal; returns whether it is one of its minute's first `fullRowsPerMinute`, to be
    /// written in full as well.
    mutating func count(minute: Int, endpoint: String, reason: String, address: String) -> Bool {
        if minute > self.minute {
            self.minute = minute
            addresses = []
            keys = []
            fullRows = 0
        }
        var key = RefusalKey(minute: self.minute, endpoint: endpoint, reason: reason, address: bounded(address))
        if !keys.contains(key) {
            if keys.count >= limits.keysPerMinute { key.address = Self.otherAddress }
            keys.insert(key)
        }
        pending[key, default: 0] += 1
        guard fullRows < limits.fullRowsPerMinute else { return false }
        fullRows += 1
        return true
    }

    private mutating func bounded(_ address: String) -> String {
        if addresses.contains(address) { return address }
        guard addresses.count < limits.addressesPerMinute else { return Self.otherAddress }
        addresses.insert(address)
        return address
    }

    /// Takes the pending counts, to be stored.
    mutating func drain() -> [RefusalKey: Int] {
        defer { pending = [:] }
        return pending
    }

    /// Puts back counts that could not be stored, keeping only the last `pendingMinutes` minutes; the
    /// refusals of older ones are added to `dropped`.
    mutating func restore(_ counts: [RefusalKey: Int]) {
        for (key, count) in counts { pending[key, default: 0] += count }
        let oldest = minute - limits.pendingMinutes
        for (key, count) in pending where key.minute < oldest {
            dropped += count
            pending.removeValue(forKey: key)
        }
    }

    /// Reads and resets `dropped`.
    mutating func takeDropped() -> Int {
        defer { dropped = 0 }
        return dropped
    }
}
