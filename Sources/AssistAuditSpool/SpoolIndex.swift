import AssistGateway
import Synchronization

/// The rows journaled but not yet shipped, in memory, so that reads see them while the remote store does not
/// have them yet (feedback must find the request it refers to even while PostgreSQL is down).
///
/// It holds each waiting request's latest row (with the time of the first row journaled for it, as the remote
/// upsert keeps the first time) and, in journal order, which requests each entry last touched, so that
/// shipping up to a position drops exactly the rows the remote store now has. A `closeInterrupted` entry closes
/// the waiting `started` rows of its instance here at once, as it will remotely when shipped, and keeps them
/// until it is shipped. Memory grows with the rows waiting: one row per request during an outage. Request ids
/// compare as bytes (`Bytewise`), as PostgreSQL compares them.
final class SpoolIndex: Sendable {
    private struct Waiting {
        var record: AuditRecord
        /// The position of the last entry that wrote this row: shipping past it leaves the remote row current.
        var end: Int
    }

    private struct Touch {
        var end: Int
        var ids: [Bytewise]
        var isRow: Bool
    }

    private struct State {
        var latest: [Bytewise: Waiting] = [:]
        var touches: [Touch] = []
        var head = 0
        var rows = 0
        /// Rows each `closeInterrupted` entry closed here, by the entry's end, until its caller takes the count.
        var closed: [Int: Int] = [:]
    }

    private let state = Mutex(State())

    /// Entries made durable, in journal order (from the journal's thread, or from the scan at open).
    func journaled(_ entries: [(entry: SpoolEntry, end: Int)]) {
        state.withLock { state in
            for (entry, end) in entries {
                switch entry {
                case .row(var record):
                    let id = Bytewise(record.requestId)
                    if let earlier = state.latest[id] { record.time = earlier.record.time }
                    state.latest[id] = Waiting(record: record, end: end)
                    state.touches.append(Touch(end: end, ids: [id], isRow: true))
                    state.rows += 1
                case .closeInterrupted(let instance):
                    var ids: [Bytewise] = []
                    for (id, waiting) in state.latest where waiting.record.status == .started && waiting.record.instance == instance {
                        state.latest[id]?.record.status = .interrupted
                        state.latest[id]?.end = end
                        ids.append(id)
                    }
                    state.touches.append(Touch(end: end, ids: ids, isRow: false))
                    state.closed[end] = ids.count
                }
            }
        }
    }

    /// Everything before `end` is in the remote store.
    func shipped(upTo end: Int) {
        state.withLock { state in
            while state.head < state.touches.count, state.touches[state.head].end <= end {
                let touch = state.touches[state.head]
                for id in touch.ids where state.latest[id]?.end == touch.end { state.latest[id] = nil }
                if touch.isRow { state.rows -= 1 }
                state.closed[touch.end] = nil
                state.head += 1
            }
            if state.head > 1024, state.head * 2 > state.touches.count {
                state.touches.removeFirst(state.head)
                state.head = 0
            }
        }
    }

    /// How many waiting rows the `closeInterrupted` entry ending at `end` closed, if it is still waiting.
    func takeClosedCount(at end: Int) -> Int? {
        state.withLock { $0.closed.removeValue(forKey: end) }
    }

    /// Row entries journaled and not yet shipped (a request's started and ended rows count as two).
    var waitingRows: Int { state.withLock { $0.rows } }

    /// The waiting row of one request, if any.
    func record(for requestId: String) -> AuditRecord? {
        state.withLock { $0.latest[Bytewise(requestId)]?.record }
    }

    /// Every waiting request's row, the most recently written first.
    func records() -> [AuditRecord] {
        state.withLock { state in state.latest.values.sorted { $0.end > $1.end }.map(\.record) }
    }
}
