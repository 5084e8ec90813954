public import AssistGateway
import Synchronization

/// A request step's journal entries, held and then appended as one line in one `write` (`DurableWriteGroup`):
/// what `GatewayStores.writeGroups` makes on SQLite storage. The journaled stores find it bound in
/// `DurableWrites.current` and hold their entries in it, each with what to do to memory once it is committed
/// (`then`) or if it never is (`undo`).
public final class JournalWriteGroup: DurableWriteGroup {
    private struct Held {
        let entry: RequestJournalEntry
        let then: (@Sendable () -> Void)?
        let undo: (@Sendable () -> Void)?
    }

    private struct State {
        var held: [Held] = []
        var committed = false
    }

    private let shipper: RequestJournalShipper
    private let state = Mutex(State())

    public init(shipper: RequestJournalShipper) {
        self.shipper = shipper
    }

    /// Writes `entry` to `shipper`'s journal the one way the journaled stores do: held in the group bound to the
    /// current task, if it appends to that journal and is still open, else appended at once. `then` runs once the
    /// entry is durable; `undo` if it never is (and the error is thrown).
    static func write(_ entry: RequestJournalEntry, to shipper: RequestJournalShipper, then: (@Sendable () -> Void)? = nil,
                      undo: (@Sendable () -> Void)? = nil) throws {
        if let group = DurableWrites.current as? JournalWriteGroup, group.shipper === shipper,
           group.hold(entry, then: then, undo: undo) { return }
        do {
            try shipper.append(entry)
        } catch {
            undo?()
            throw error
        }
        then?()
    }

    /// Holds `entry` until the commit; false when the group is committed already (its step is over: a task it
    /// started outlived it), and then the caller writes the entry itself.
    func hold(_ entry: RequestJournalEntry, then: (@Sendable () -> Void)? = nil, undo: (@Sendable () -> Void)? = nil) -> Bool {
        state.withLock { state in
            guard !state.committed else { return false }
            state.held.append(Held(entry: entry, then: then, undo: undo))
            return true
        }
    }

    @discardableResult
    public func commit() throws -> Bool {
        let held = state.withLock { state in
            defer { (state.held, state.committed) = ([], true) }
            return state.committed ? [] : state.held
        }
        guard !held.isEmpty else { return false }
        do {
            try shipper.append(held.map(\.entry))
        } catch {
            for write in held { write.undo?() }
            throw error
        }
        for write in held { write.then?() }
        return true
    }
}
