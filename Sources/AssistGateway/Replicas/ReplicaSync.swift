/// Applies to this replica the admin changes made on the others (`AdminMessage`s from an `AdminBroadcast`), and
/// catches up whenever it may have missed one, since messages are not stored: the overrides are re-read after
/// every connection of whatever carries the messages (`resync`), and its own configuration file too after a
/// reconnection (`catchUp`), as a reload announced meanwhile was missed.
///
/// Overrides are read from the store, never from the message, so a change is applied as it was committed and
/// a late or repeated message does no harm. `endStreams` re-reads them first, then ends the feature's open
/// streams here with `feature_disabled`: once it is off here no new stream of it starts, and the epoch bump
/// (`LiveStreams`) stops any admitted a moment before. `reload` re-reads this replica's own configuration file,
/// validated as `POST /admin/reload` validates it.
///
/// Whatever transport delivers the messages must call `apply` for one message at a time, in order.
public struct ReplicaSync: Sendable {
    let dependencies: GatewayDependencies

    public init(dependencies: GatewayDependencies) { self.dependencies = dependencies }

    public func apply(_ message: AdminMessage) async {
        guard message.origin != dependencies.instance else { return }
        switch message.change {
        case .overrides:
            await resync()
        case .endStreams(let feature):
            await resync()
            let ended = dependencies.state.liveStreams.endAll(feature: feature)
            if ended > 0 { GatewayLog.warning("ended \(ended) open streams of \(feature), as another replica was asked to") }
        case .reload:
            reload(because: "as another replica was asked to")
        }
    }

    /// After a reconnection: the overrides re-read, and this replica's configuration file if it has one (an
    /// unchanged file changes nothing).
    public func catchUp() async {
        await resync()
        if dependencies.reloadConfiguration != nil { reload(because: "in case a reload was announced while this replica was not listening") }
    }

    private func reload(because reason: String) {
        do throws(GatewayError) {
            let count = try AdminReload.apply(dependencies)
            GatewayLog.warning("reloaded the configuration (\(count) features), \(reason)")
        } catch {
            GatewayLog.warning("could not reload the configuration (\(reason)): \(error.message)")
        }
    }

    /// Re-reads every stored override and serves exactly those from now on. A store that cannot answer keeps
    /// the overrides as they are (logged): the next message or reconnection reads them again.
    @discardableResult
    public func resync() async -> Bool {
        do {
            dependencies.state.registry.replaceOverrides(try await dependencies.stores.overrides.overrides())
            return true
        } catch {
            GatewayLog.warning("cannot re-read the feature overrides: \(error); serving the last ones read")
            return false
        }
    }
}
