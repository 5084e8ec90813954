/// Writes the stores hold while one step of a request runs, made durable together by the step's owner in one
/// step (issue 32, item 3): admission's quota reservations and its `started` row, or the end's settlements and
/// its final row. On SQLite storage the group is one append to the request journal, so a SIGKILL leaves all of
/// a step's writes or none of them: never a reservation without the row that says why it is there.
///
/// Reservations are decided in memory when held, so that concurrent requests against a limit of K still admit
/// exactly K; a commit that fails undoes them. Settlements change memory only once committed.
public protocol DurableWriteGroup: AnyObject, Sendable {
    /// Makes every write held so far durable in one step, then applies each to its store's memory; returns whether
    /// there was any. Throws when that fails: then none of them is durable and each reservation held is undone.
    /// Writes a store makes after the commit are its own again (written at once). Once: a second call does nothing.
    @discardableResult
    func commit() throws -> Bool
}

/// The group the current task's store writes are held in (`DurableWriteGroup`), bound by the gateway around
/// admission and around a request's end (`GatewayDependencies.writingTogether`). A task-local, as a database
/// transaction is a connection's: the stores' protocols stay as they are, and a store that cannot hold writes
/// (Redis, PostgreSQL, memory) writes at once whatever is bound.
public enum DurableWrites {
    @TaskLocal public static var current: (any DurableWriteGroup)?
}

extension GatewayDependencies {
    /// Runs `body` with the stores' writes held in a new group, when the stores can hold them
    /// (`GatewayStores.writeGroups`), then commits the group. Returns `body`'s value and whether its writes are
    /// durable; a failed commit is reported to the storage health and logged, as a failed audit write is, and the
    /// caller decides what it refuses.
    func writingTogether<Value: Sendable>(_ body: () async -> Value) async -> (value: Value, durable: Bool) {
        guard let group = stores.writeGroups?() else { return (await body(), true) }
        let value = await DurableWrites.$current.withValue(group) { await body() }
        do {
            // Only a write says storage works: a refusal before admission holds none.
            if try group.commit() { storageSucceeded() }
            return (value, true)
        } catch {
            storageFailed("a request's writes could not be made durable: \(error)")
            return (value, false)
        }
    }
}
