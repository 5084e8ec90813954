import AssistGateway
import AssistWire
import Testing

@Suite("Rollout and kill switch")
struct RolloutTests {
    func feature(percentage: Double = 100, enabled: Bool = true, internalUsers: [String] = [],
                 candidate: FeatureRecord.Candidate? = nil) throws -> FeatureRecord {
        var record = FeatureRecord(id: "itinerary_summary", promptVersion: "v1", model: "m", maxOutputTokens: 10,
                                   rollout: .init(flag: "summary_v2", percentage: percentage),
                                   inputSchema: try InputSchema(["type": "object"]),
                                   template: .init(builder: "itinerary_summary", instructions: "current"), quotas: [:])
        record.enabled = enabled
        record.internalUsers = internalUsers
        record.candidate = candidate
        return record
    }

    @Test("buckets are stable per user and flag, and spread evenly")
    func buckets() {
        #expect(Rollout.bucket(user: "u1", key: "summary_v2") == Rollout.bucket(user: "u1", key: "summary_v2"))
        // The first 8 bytes of SHA-256("u1:summary_v2"), big-endian, mod 10,000 (Python's hashlib): a user's bucket
        // never moves between versions.
        #expect(Rollout.bucket(user: "u1", key: "summary_v2") == 25.05)
        #expect(Rollout.bucket(user: "u1", key: "summary_v2") != Rollout.bucket(user: "u1", key: "other_flag")
            || Rollout.bucket(user: "u2", key: "summary_v2") != Rollout.bucket(user: "u2", key: "other_flag"))
        let buckets = (0..<10_000).map { Rollout.bucket(user: "user-\($0)", key: "summary_v2") }
        #expect(buckets.allSatisfy { $0 >= 0 && $0 < 100 })
        for percentage in [5.0, 50.0] {
            let share = Double(buckets.filter { $0 < percentage }.count) / 100
            #expect(abs(share - percentage) < 1.5, "\(percentage)% → \(share)%")
        }
    }

    @Test("a share of users may use the feature; raising the share only adds users; internal users always may")
    func shares() throws {
        let users = (0..<2000).map { "user-\($0)" }
        func allowed(_ record: FeatureRecord) -> Set<String> {
            Set(users.filter { if case .allowed = Rollout.access(record, user: $0) { true } else { false } })
        }
        let five = allowed(try feature(percentage: 5)), fifty = allowed(try feature(percentage: 50))
        #expect(five.isSubset(of: fifty))
        #expect((60...140).contains(five.count))
        #expect(allowed(try feature(percentage: 0)).isEmpty)
        #expect(allowed(try feature(percentage: 100)).count == users.count)
        #expect(allowed(try feature(percentage: 0, internalUsers: ["user-7"])) == ["user-7"])
    }

    @Test("the kill switch turns the feature off for everyone, internal users included")
    func killSwitch() throws {
        guard case .disabled = Rollout.access(try feature(enabled: false, internalUsers: ["u1"]), user: "u1") else {
            Issue.record("expected disabled"); return
        }
    }

    @Test("a candidate share is served the candidate's prompt version and template")
    func candidate() throws {
        let record = try feature(candidate: .init(promptVersion: "v2", instructions: "trial", percentage: 30))
        var versions: [String: Int] = [:]
        for index in 0..<2000 {
            guard case .allowed(let served) = Rollout.access(record, user: "user-\(index)") else { continue }
            versions[served.promptVersion, default: 0] += 1
            if served.promptVersion == "v2" { #expect(served.template.instructions == "trial") }
        }
        #expect((500...700).contains(versions["v2"] ?? 0), "\(versions)")
        #expect((versions["v1"] ?? 0) + (versions["v2"] ?? 0) == 2000)
    }
}
