public import Foundation
import Synchronization

/// How a request ended, as the audit records it.
public struct AuditStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let ok = AuditStatus(rawValue: "ok")
    public static let cancelled = AuditStatus(rawValue: "cancelled")
    public static let upstreamFailed = AuditStatus(rawValue: "upstream_failed")
    public static let upstreamTimeout = AuditStatus(rawValue: "upstream_timeout")
    /// Ended mid-stream by the kill switch.
    public static let featureDisabled = AuditStatus(rawValue: "feature_disabled")
    /// The answer guard ended the stream (`guard.onViolation: "end"`); the row's reason names the check.
    public static let answerWithheld = AuditStatus(rawValue: "answer_withheld")
    /// A structured feature could not answer this one request (its user's data cannot be read or computed); the
    /// row's `reason` holds the error code.
    public static let failed = AuditStatus(rawValue: "failed")
    /// Refused before any model call; the row's `reason` holds the error code.
    public static let rejected = AuditStatus(rawValue: "rejected")
    /// Admitted and being answered: written before the provider is called, replaced when the request ends.
    /// Its tokens are the reservation (input estimate and output cap).
    public static let started = AuditStatus(rawValue: "started")
    /// Still `started` when its gateway instance stopped without ending it (a crash): closed at that
    /// instance's next start, its reservation left charged, since what was streamed is unknown.
    public static let interrupted = AuditStatus(rawValue: "interrupted")
    /// An operator's change through the admin API; `feature` names what changed, `reason` how.
    public static let admin = AuditStatus(rawValue: "admin")
}

/// One request's metadata. By construction there is no field for prompt, input or output text: the audit
/// answers "who used what, when, at what cost, and how did it end", never "what was said".
public struct AuditRecord: Sendable, Equatable {
    public var requestId: String
    /// When the request's first row was written: for an admitted request, its admission (its end keeps it).
    public var time: Date
    public var user: String
    public var feature: String
    public var promptVersion: String
    public var model: String
    public var trust: String
    /// Why the trust level is what it is ("bad_signature", "counter_not_increased", ...); empty when trusted
    /// or when no proof was sent.
    public var trustReason: String
    public var status: AuditStatus
    /// The error code of a rejection, or the reason a token was refused; empty otherwise.
    public var reason: String
    public var inputTokens: Int
    public var outputTokens: Int
    /// Milliseconds from the request to the first delta; nil when none arrived.
    public var timeToFirstTokenMs: Double?
    public var totalMs: Double
    /// How many personal values the gateway masked in the request's input (never the values).
    public var maskedValues: Int
    /// The gateway instance that wrote the row (stable per data directory), so that each instance closes
    /// only its own interrupted rows.
    public var instance = ""
    /// The request's W3C trace id (32 hex digits; empty for rows written before traces were kept), so an
    /// operator goes from a row to its trace.
    public var traceId = ""
    /// Who answered (`<provider>:<model>`, `ModelTarget.name`); nil when no target did (a refusal, a stored or
    /// shared answer, every attempt failed).
    public var target: String?
    /// Provider calls attempted for the request, fallbacks included (0 when none was made).
    public var attempts = 0
    /// The charged tokens at the answering target's price, in millionths of its currency; nil without a price.
    public var costMicros: Int?

    public init(requestId: String, time: Date, user: String = "", feature: String = "", promptVersion: String = "",
                model: String = "", trust: String = "", status: AuditStatus, reason: String = "", inputTokens: Int = 0,
                outputTokens: Int = 0, timeToFirstTokenMs: Double? = nil, totalMs: Double = 0, trustReason: String = "",
                maskedValues: Int = 0, traceId: String = "") {
        self.traceId = traceId
        self.trustReason = trustReason
        self.maskedValues = maskedValues
        self.requestId = requestId
        self.time = time
        self.user = user
        self.feature = feature
        self.promptVersion = promptVersion
        self.model = model
        self.trust = trust
        self.status = status
        self.reason = reason
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.timeToFirstTokenMs = timeToFirstTokenMs
        self.totalMs = totalMs
    }
}

/// Audit rows by request id. A write that fails throws: the gateway counts the failure in its storage health
/// (`GET /healthz`) and logs it, once per run of failures.
public protocol AuditStore: Sendable {
    /// Writes a request's row, replacing the one with its id if there is one (its `started` row), whose
    /// `time` it keeps.
    func record(_ record: AuditRecord) async throws
    /// Closes `instance`'s rows still `started` as `interrupted`; returns how many.
    func closeInterrupted(instance: String) async throws -> Int
    /// The instances with rows still `started` (`ReplicaPresence` closes those of replicas gone for good).
    func instancesWithOpenRows() async throws -> Set<String>
    /// Rows newest first, for operators and tests. Throws when the store cannot be read: an outage is the
    /// caller's 503, never an empty log.
    func recent(limit: Int) async throws -> [AuditRecord]
    /// The row of one request (feedback checks who made it); nil when there is none. Throws when the store
    /// cannot be read: an outage is a 503, never a 404.
    func record(for requestId: String) async throws -> AuditRecord?
}

public final class InMemoryAuditStore: AuditStore {
    private let rows = Mutex<[AuditRecord]>([])
    public init() {}
    public func record(_ record: AuditRecord) async throws {
        rows.withLock { rows in
            var record = record
            if let earlier = rows.firstIndex(where: { $0.requestId.sameBytes(as: record.requestId) }) {
                record.time = rows[earlier].time
                rows.remove(at: earlier)
            }
            rows.append(record)
        }
    }
    public func closeInterrupted(instance: String) async throws -> Int {
        rows.withLock { rows in
            var closed = 0
            for index in rows.indices where rows[index].status == .started && rows[index].instance == instance {
                rows[index].status = .interrupted
                closed += 1
            }
            return closed
        }
    }
    public func instancesWithOpenRows() async throws -> Set<String> {
        rows.withLock { Set($0.lazy.filter { $0.status == .started }.map(\.instance)) }
    }
    public func recent(limit: Int) async -> [AuditRecord] { rows.withLock { Array($0.suffix(limit).reversed()) } }
    public func record(for requestId: String) async -> AuditRecord? { rows.withLock { $0.last { $0.requestId.sameBytes(as: requestId) } } }
}

/// An audit store that writes many rows in one call, in order and atomically (one transaction), which the audit
/// spool's shipper prefers to one call per row.
public protocol BatchedAuditStore: AuditStore {
    /// Writes `batch` as `record` would, one after another; all of them or none.
    func record(batch: [AuditRecord]) async throws
}
