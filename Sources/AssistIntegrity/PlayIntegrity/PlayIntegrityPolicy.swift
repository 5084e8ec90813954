public import AssistWire
public import Foundation

/// What a Play Integrity verdict must say for a request to be trusted, and how it maps to trust.
///
/// Refusals (the wrong app, a verdict for another request, an old one, an app Play does not recognise)
/// make the request untrusted. A recognised app on a device that only meets basic integrity is degraded;
/// one that meets device (or strong) integrity is trusted.
public struct PlayIntegrityPolicy: Sendable {
    public enum Level: String, Sendable, Equatable { case trusted, degraded, untrusted }

    public struct Outcome: Sendable, Equatable {
        public var level: Level
        /// Empty when trusted; otherwise a stable reason for the audit.
        public var reason: String
        public init(level: Level, reason: String) {
            self.level = level
            self.reason = reason
        }
    }

    public var packageName: String
    /// How old `timestampMillis` may be.
    public var maxAgeSeconds: Double
    /// Whether `accountDetails.appLicensingVerdict` must be LICENSED.
    public var requireLicensed: Bool

    /// How far ahead of the gateway's clock a `timestampMillis` may be (the device's clock or Google's may run ahead).
    public static let clockSkewSeconds: Double = 60

    /// How long after it is first seen a token could still be accepted: its whole age, plus the skew by which it
    /// may have been stamped ahead. A used token is remembered this long (`ProofReplayStore`).
    public var acceptanceWindowSeconds: Double { maxAgeSeconds + Self.clockSkewSeconds }

    public init(packageName: String, maxAgeSeconds: Double = 300, requireLicensed: Bool = false) {
        self.packageName = packageName
        self.maxAgeSeconds = maxAgeSeconds
        self.requireLicensed = requireLicensed
    }

    /// Judges `verdict` (a token payload, or `decodeIntegrityToken`'s response with its
    /// `tokenPayloadExternal` wrapper) for the request whose binding is `requestHash` (standard requests)
    /// or `nonce` (classic requests).
    public func evaluate(_ verdict: JSONValue, requestHash: String, now: Date) -> Outcome {
        let payload = verdict["tokenPayloadExternal"] ?? verdict
        func refuse(_ failure: PlayIntegrityFailure) -> Outcome { Outcome(level: .untrusted, reason: failure.rawValue) }
        guard let details = payload["requestDetails"] else { return refuse(.malformed) }
        guard details["requestPackageName"]?.stringValue == packageName,
              payload["appIntegrity"]?["packageName"].map({ $0.stringValue == packageName }) ?? true else { return refuse(.wrongPackage) }
        guard (details["requestHash"] ?? details["nonce"])?.stringValue == requestHash else { return refuse(.requestMismatch) }
        guard let millis = details["timestampMillis"]?.stringValue.flatMap(Double.init) ?? details["timestampMillis"]?.numberValue else {
            return refuse(.malformed)
        }
        let age = now.timeIntervalSince1970 - millis / 1000
        guard age <= maxAgeSeconds, age >= -Self.clockSkewSeconds else { return refuse(.stale) }
        guard payload["appIntegrity"]?["appRecognitionVerdict"]?.stringValue == "PLAY_RECOGNIZED" else { return refuse(.appNotRecognized) }
        if requireLicensed, payload["accountDetails"]?["appLicensingVerdict"]?.stringValue != "LICENSED" { return refuse(.unlicensed) }
        let device = Set(payload["deviceIntegrity"]?["deviceRecognitionVerdict"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        if device.contains("MEETS_DEVICE_INTEGRITY") || device.contains("MEETS_STRONG_INTEGRITY") { return Outcome(level: .trusted, reason: "") }
        if device.contains("MEETS_BASIC_INTEGRITY") { return Outcome(level: .degraded, reason: "basic_integrity_only") }
        return refuse(.deviceNotRecognized)
    }
}
