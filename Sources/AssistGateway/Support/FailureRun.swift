import Synchronization

/// Writes of one kind that fail in a run: logged once when the run begins and once when it ends, however
/// many fail in between (a flood must not flood the log either).
final class FailureRun: Sendable {
    private let what: String
    private let failing = Mutex(false)

    init(_ what: String) { self.what = what }

    func failed(_ error: any Error) {
        let first = failing.withLock { failing in
            defer { failing = true }
            return !failing
        }
        if first { GatewayLog.warning("writing \(what) failed: \(error); not logged again until a write succeeds") }
    }

    func succeeded(_ note: String = "") {
        let wasFailing = failing.withLock { failing in
            defer { failing = false }
            return failing
        }
        if wasFailing { GatewayLog.warning("writing \(what) works again\(note)") }
    }
}
