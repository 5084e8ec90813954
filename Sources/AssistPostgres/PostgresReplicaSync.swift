public import AssistGateway
public import AssistServices

/// Admin changes between replicas over PostgreSQL's LISTEN/NOTIFY: `PostgresAdminBroadcast` sends them, and
/// this `Service` hears them and applies each, in order, through the replica's `ReplicaSync`.
///
/// It listens on two channels. `PostgresFeatureOverrideStore.channel` is notified by the override store itself,
/// inside the transaction that writes an override, so a replica hears of it only once it is committed, and
/// then re-reads the overrides. `channel` (by default `assist_admin`) carries the actions a store cannot
/// announce: ending a feature's streams, and reloads. Notifications are not stored, so every time LISTEN is in
/// effect on a new connection (at start, and after the server or the network came back) the overrides are
/// re-read in full. A reload announced while a replica was not listening is not replayed: reload it again.
///
/// Notifications go to every session of the database, whatever its `search_path`: replicas of different
/// deployments (or tests) sharing a database must use different channels.
public final class PostgresReplicaSync: Service {
    public static let defaultChannel = "assist_admin"

    public let name = "admin changes (PostgreSQL LISTEN)"
    private let listener: PostgresListener
    private let events: AsyncStream<PostgresListener.Event>
    private let continuation: AsyncStream<PostgresListener.Event>.Continuation
    private let sync: ReplicaSync
    private let channel: String

    /// Starts listening at once (what arrives before `run()` waits for it).
    public init(url: String, sync: ReplicaSync, channel: String = PostgresReplicaSync.defaultChannel,
                settings: PostgresClient.Settings = PostgresClient.Settings()) {
        (events, continuation) = AsyncStream.makeStream(of: PostgresListener.Event.self)
        self.sync = sync
        self.channel = channel
        let continuation = continuation
        listener = PostgresListener(url: url, channels: [PostgresFeatureOverrideStore.channel, channel], settings: settings) { event in
            continuation.yield(event)  // the listener's thread must not wait: the work is done by `run()`
        }
    }

    /// Whether LISTEN is in effect now.
    public var isListening: Bool { listener.isListening }

    /// Applies what is heard until `shutdown()`; returns once the listener's thread has ended.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [listener] in await listener.run() }
            group.addTask { [self] in
                var connections = 0
                for await event in events {
                    if case .listening = event { connections += 1 }
                    await handle(event, reconnected: connections > 1)
                }
            }
        }
    }

    public func shutdown() {
        listener.shutdown()
        continuation.finish()
    }

    private func handle(_ event: PostgresListener.Event, reconnected: Bool) async {
        switch event {
        case .listening:
            if reconnected { await sync.catchUp() } else { await sync.resync() }
        case .notification(let heard, let feature) where heard == PostgresFeatureOverrideStore.channel:
            await sync.apply(AdminMessage(origin: "", change: .overrides(feature: feature)))
        case .notification(let heard, let payload) where heard == channel:
            if let message = AdminMessage(payload: payload) { await sync.apply(message) }
        case .notification:
            break
        }
    }
}

/// Sends admin changes to every replica listening with a `PostgresReplicaSync` on the same channel.
///
/// An override change needs no message of its own: `PostgresFeatureOverrideStore` notified it in the
/// transaction that stored it. Ending streams and reloads are notified on `channel`.
public final class PostgresAdminBroadcast: AdminBroadcast {
    private let client: PostgresClient
    private let channel: String

    public init(client: PostgresClient, channel: String = PostgresReplicaSync.defaultChannel) {
        self.client = client
        self.channel = channel
    }

    public func publish(_ message: AdminMessage) async throws {
        if case .overrides = message.change { return }
        try await client.notify(channel: channel, payload: message.payload)
    }
}
