import AssistHTTP
import AssistWire
import Foundation
import Synchronization

/// Caps the integrity challenges one user is issued per calendar minute: each is stored until used or
/// expired, so an unbounded rate is an unbounded table (500 were issued in 0.2 s). In memory, per gateway.
final class ChallengeRate: Sendable {
    private let perMinute: Int
    private let clock: any WallClock
    private let issued = Mutex<(minute: Int, counts: [Bytewise: Int])>((0, [:]))

    init(perMinute: Int, clock: any WallClock) {
        self.perMinute = perMinute
        self.clock = clock
    }

    /// Counts one challenge for `user`; past the cap, throws 429 `rate_limited` with the seconds to the next minute.
    func admit(_ user: String) throws(GatewayError) {
        let now = clock.now().timeIntervalSince1970
        let minute = Int(now / 60)
        let allowed = issued.withLock { issued in
            if issued.minute != minute { issued = (minute, [:]) }
            guard issued.counts[Bytewise(user), default: 0] < perMinute else { return false }
            issued.counts[Bytewise(user), default: 0] += 1
            return true
        }
        guard allowed else {
            let retry = max(1, Int((Double(minute + 1) * 60 - now).rounded(.up)))
            throw GatewayError(status: 429, code: .rateLimited, message: "at most \(perMinute) challenges a minute", retryAfterSeconds: retry)
        }
    }
}
