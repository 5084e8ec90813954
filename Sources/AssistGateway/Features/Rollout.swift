import AssistCrypto

/// Who may use a feature, and which prompt version they are served.
///
/// Users are bucketed deterministically: SHA-256 of "user:flag" gives a position in 0..<100 that never
/// changes for that user and flag, so raising a percentage only ever adds users, and a user sees the same
/// answer on every device and every gateway. The candidate prompt version uses a second, independent
/// bucket ("user:flag:candidate").
public enum Rollout {
    public enum Access: Sendable {
        /// May use the feature; the record is the one to serve (the candidate's version and template when
        /// this user is in the candidate's share).
        case allowed(FeatureRecord)
        case disabled
    }

    /// The user's position in 0 ..< 100 for `key`, with two decimals of resolution.
    public static func bucket(user: String, key: String) -> Double {
        let digest = Digest.sha256(Array("\(user):\(key)".utf8))
        let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Double(value % 10_000) / 100
    }

    public static func access(_ feature: FeatureRecord, user: String) -> Access {
        guard feature.enabled else { return .disabled }
        let flag = feature.rollout?.flag ?? feature.id
        let percentage = feature.rollout?.percentage ?? 100
        let isInternal = feature.internalUsers.contains { $0.sameBytes(as: user) }
        // Every bucket is under 100, so a whole rollout needs no hash (one per request otherwise).
        guard isInternal || percentage >= 100 || bucket(user: user, key: flag) < percentage else { return .disabled }
        guard let candidate = feature.candidate, bucket(user: user, key: flag + ":candidate") < candidate.percentage,
              let served = feature.servingCandidate else {
            return .allowed(feature)
        }
        return .allowed(served)
    }
}

extension FeatureRecord {
    /// The record as served to a user in the candidate's share: the candidate's prompt version and
    /// instructions, without the current version's worked examples (they belong to its prompt). Nil without a
    /// candidate.
    public var servingCandidate: FeatureRecord? {
        guard let candidate else { return nil }
        var served = self
        served.promptVersion = candidate.promptVersion
        served.template.instructions = candidate.instructions
        served.template.examples = [:]
        return served
    }
}
