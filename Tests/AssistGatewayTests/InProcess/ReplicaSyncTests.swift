import AssistGateway
import AssistHTTP
import AssistTestSupport
import AssistWire
import Synchronization
import Testing

/// Admin changes made on one replica applied on another, in-process: two gateways sharing one override store
/// and an `InMemoryAdminBroadcast` (PostgreSQL's LISTEN/NOTIFY carries the same messages between processes).
@Suite("Admin changes across replicas, in-process")
struct ReplicaSyncTests {
    static let admin: [HTTPField] = [(.authorization, "Bearer admin-secret")]

    /// Replicas a and b, each listening to the broadcast.
    func replicas(provider: ScriptedProvider = ScriptedProvider(), reload: InProcessGateway.Reload? = nil)
        throws -> (InProcessGateway, InProcessGateway) {
        let (overrides, broadcast) = (InMemoryFeatureOverrideStore(), InMemoryAdminBroadcast())
        let a = try InProcessGateway(provider: provider, overrides: overrides, instance: "a", broadcast: broadcast, reload: reload)
        let b = try InProcessGateway(provider: provider, overrides: overrides, instance: "b", broadcast: broadcast, reload: reload)
        broadcast.listen(ReplicaSync(dependencies: a.dependencies))
        broadcast.listen(ReplicaSync(dependencies: b.dependencies))
        return (a, b)
    }

    @Test("the kill switch and rollout set on a apply on b; endStreams ends b's open streams with feature_disabled")
    func killSwitch() async throws {
        let provider = ScriptedProvider(ScriptedProvider.Script(chunks: [.text("first")], end: .hang))
        let (a, b) = try replicas(provider: provider)
        let open = await b.stream()
        let (writer, task) = open.start()
        #expect(await writer.waitForDeltas(1))

        let patch = await a.send(.patch, "/admin/features/support_chat", as: nil, json: ["enabled": false, "endStreams": true], headers: Self.admin)
        #expect(patch.status == 200)
        await task.value
        #expect(writer.events.last == .error(code: .featureDisabled))
        #expect(try #require(await b.auditRow(open)).status == .featureDisabled)
        #expect(await b.stream().errorCode == "feature_disabled")
        b.expectNothingHeld()

        _ = await a.send(.patch, "/admin/features/support_chat", as: nil, json: ["enabled": nil, "rollout": ["percentage": 0]], headers: Self.admin)
        #expect(b.dependencies.state.registry.feature("support_chat")?.rollout?.percentage == 0)
        _ = await a.send(.patch, "/admin/features/support_chat", as: nil, json: ["rollout": nil], headers: Self.admin)
        #expect(b.dependencies.state.registry.entry("support_chat")?.override == nil)
    }

    @Test("a reload on a re-reads b's own configuration; a replica that missed messages re-reads every override")
    func reloadAndResync() async throws {
        let config = try InProcessGateway().dependencies.config
        var reloaded = config
        reloaded.features["support_chat"]?.promptVersion = "reloaded-1"
        let (a, b) = try replicas(reload: InProcessGateway.Reload { [reloaded] in reloaded })
        #expect(await a.send(.post, "/admin/reload", as: nil, headers: Self.admin).status == 200)
        #expect(b.dependencies.state.registry.feature("support_chat")?.promptVersion == "reloaded-1")

        // An override written while b was not listening (straight to the store): b serves it once it re-reads.
        try await b.dependencies.stores.overrides.store(FeatureOverride(enabled: false), for: "support_chat")
        #expect(b.dependencies.state.registry.feature("support_chat")?.enabled == true)
        #expect(await ReplicaSync(dependencies: b.dependencies).resync())
        #expect(b.dependencies.state.registry.feature("support_chat")?.enabled == false)
    }

    @Test("catching up after a reconnection: b re-reads its own configuration file (a reload it missed) and every override")
    func catchUpAfterReconnection() async throws {
        var reloaded = try InProcessGateway().dependencies.config
        reloaded.features["support_chat"]?.promptVersion = "missed-reload"
        let file = Mutex(try InProcessGateway().dependencies.config)
        let (_, b) = try replicas(reload: InProcessGateway.Reload { file.withLock { $0 } })
        // While b was not listening: a's file changed and a reloaded; an override was stored.
        file.withLock { $0 = reloaded }
        try await b.dependencies.stores.overrides.store(FeatureOverride(enabled: false), for: "support_chat")
        await ReplicaSync(dependencies: b.dependencies).catchUp()
        #expect(b.dependencies.state.registry.feature("support_chat")?.promptVersion == "missed-reload")
        #expect(b.dependencies.state.registry.entry("support_chat")?.override?.enabled == false)
    }

    @Test("/healthz reports each shared store; one the replica cannot serve without makes it 503, another degraded")
    func storeChecks() async throws {
        struct Down: Error, CustomStringConvertible { var description: String { "connection refused" } }
        let redisUp = Atomic<Bool>(true), postgresUp = Atomic<Bool>(true)
        let gateway = try InProcessGateway(storeProbes: [
            StoreMonitor.Probe(name: "redis", critical: true) { if !redisUp.load(ordering: .relaxed) { throw Down() } },
            StoreMonitor.Probe(name: "postgres", critical: false) { if !postgresUp.load(ordering: .relaxed) { throw Down() } },
        ])
        let monitor = gateway.dependencies.state.storeMonitor
        let healthy = await gateway.send(.get, "/healthz", as: nil)
        #expect(healthy.status == .ok && healthy.json?["checks"]?["redis"]?["status"] == "ok" && healthy.json?["checks"]?["postgres"]?["status"] == "ok")

        postgresUp.store(false, ordering: .relaxed)
        await monitor.probeAll()
        let degraded = await gateway.send(.get, "/healthz", as: nil)
        #expect(degraded.status == .ok && degraded.json?["status"] == "degraded")
        #expect(degraded.json?["checks"]?["postgres"]?["reason"] == "connection refused" && degraded.json?["checks"]?["postgres"]?["since"] != nil)

        redisUp.store(false, ordering: .relaxed)
        await monitor.probeAll()
        let down = await gateway.send(.get, "/healthz", as: nil)
        #expect(down.status == .serviceUnavailable && down.json?["status"] == "unavailable")

        redisUp.store(true, ordering: .relaxed)
        postgresUp.store(true, ordering: .relaxed)
        await monitor.probeAll()
        #expect(await gateway.send(.get, "/healthz", as: nil).json?["status"] == "ok")
    }
}
