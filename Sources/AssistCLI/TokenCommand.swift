import AssistGateway
import Foundation

/// `assist token --user ID [--ttl SECONDS] [--data-dir DIR] [--config FILE]`: a session token signed with the
/// secret `assist serve` uses for the same data dir (or `ASSIST_JWT_HS256_SECRET`).
/// `assist token --admin [--data-dir DIR]`: the admin API's token for that data dir (or `ASSIST_ADMIN_TOKEN`).
enum TokenCommand {
    static func run(_ arguments: [String]) -> Int32 {
        do {
            let options = try Options(arguments, allowed: ["user", "ttl", "data-dir", "config"], flags: ["admin"])
            if options["admin"] != nil {
                guard options["user"] == nil, options["ttl"] == nil else { return Usage.fail("--admin takes no --user or --ttl") }
                let token = try SecretStore.adminToken(dataDirectory: URL(fileURLWithPath: options["data-dir"] ?? ".assist"))
                print(String(decoding: token, as: UTF8.self))
                return 0
            }
            guard let user = options["user"], !user.isEmpty else { return Usage.fail("token needs --user ID") }
            let config: GatewayConfig
            switch loadConfiguration(options["config"]) {
            case .success(let loaded): config = loaded
            case .failure(let error): return Usage.fail("the configuration does not load (check it with assist check-config FILE):\n\(error.message)")
            }
            let ttl = try options.int("ttl", default: config.auth.tokenLifetimeSeconds)
            guard ttl > 0, ttl <= config.auth.maxTokenLifetimeSeconds else {
                return Usage.fail("--ttl must be between 1 and auth.maxTokenLifetimeSeconds (\(config.auth.maxTokenLifetimeSeconds))")
            }
            let dataDirectory = URL(fileURLWithPath: options["data-dir"] ?? ".assist")
            let secret = try SecretStore.hs256Secret(environmentVariable: config.auth.hs256SecretEnv, dataDirectory: dataDirectory)
            print(HS256TokenIssuer(secret: secret, settings: config.auth).token(for: user, lifetimeSeconds: ttl))
            return 0
        } catch let error as OptionError {
            return Usage.fail(error.message)
        } catch {
            return Usage.fail("\(error)")
        }
    }
}
