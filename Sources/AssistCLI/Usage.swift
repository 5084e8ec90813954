import AssistGateway
import AssistServer
import Foundation

enum Usage {
    static let text = """
        usage: assist <command> [options]

          serve [--config FILE] [--port N] [--host H] [--data-dir DIR] [--upstream URL] [--model-port N] [--demo]
                [--log-format text|json] [--log-level debug|info|notice|warning|error]
                Start the gateway (default 127.0.0.1:8080, data dir ./.assist, built-in travel configuration).
                Its log goes to stderr: a line per request's end at info (the default level), and every notice,
                warning and error; metadata only (ids, trace ids, feature, outcome), never what users wrote.
                The configuration's model targets are served as written; the embedded llama-server runs when
                a target names it ("provider": "embedded", as the built-in configuration does).
                --upstream is a development override: every model alias then points at that one
                OpenAI-compatible base URL including its API prefix (e.g. http://127.0.0.1:8081/v1).
                --demo serves the travel demo at /demo with password-less demo log-ins (loopback hosts only);
                the operator console is at /console wherever the admin API is on.
          model [--port N] [--data-dir DIR]
                Run the embedded llama-server alone, supervised, until Ctrl-C: one model several replicas share
                as their --upstream (default port 8081).
          token --user ID [--ttl SECONDS] [--data-dir DIR] [--config FILE]
          token --admin [--data-dir DIR]
                Print a session token the configuration accepts (--admin: the admin API's token).
          check-config FILE
                Validate a configuration file; print every error with its path; exit 1 when invalid.
          ask FEATURE [--input key=value ...] [--locale L] [--user ID [--data-dir DIR] | --token T] [--gateway URL]
                Stream one feature from a gateway (default http://127.0.0.1:8080) through the client kit.
                Exit 0 on done, 75 when rate limited, 130 on Ctrl-C, 1 on other errors.
          extract support_triage|smart_search (--text T | --batch FILE | --golden FILE) [--locale L] [--today D] [--offline] [--model-url URL]
                Understand one sentence (or a file of them) on the model path with walls, or the deterministic path.
          eval [--feature F] [--upstream URL] [--config FILE] [--target N] [--candidate] [--golden FILE] [--json FILE] [--junit FILE]
               [--record [--results FILE]]
                Run golden sets through the gateway's prompt builder and the configuration's targets (or
                --upstream's, a development override), hold each answer to the feature's checks, print a per-check table, write JSON and
                JUnit reports; exit 1 when a feature passes fewer cases than its goldenPassThreshold. --record
                writes the pass rates to the qualification results file (--results, else the configuration's).
                --target N evaluates (and records) an alias's target N alone, from 0 (default: the first).
          feedback export [--config FILE] [--data-dir DIR] [--feature F] [--out FILE]
                Users' "wrong" verdicts as golden cases (JSON lines; personal data masked) for the golden sets.
          integrity verify-attestation --file F --challenge C --app-id TEAM.BUNDLE [--key-id B64]
                                       [--environment development|production] [--at ISO8601]
          integrity verify-assertion --file F --client-data C --public-key PEM_FILE --app-id TEAM.BUNDLE --previous-counter N
                Verify an App Attest object (base64 text or raw CBOR); print {"valid","reason","environment","keyId","counter"}.
          budget ask "QUESTION" [--user U] [--today D] [--locale L] [--data-dir DIR] [--json] [--offline]
          budget ask - --golden FILE [--data-dir DIR] [--offline]
          budget chat [--user U] [--today D] [--data-dir DIR] [--offline]
                Questions about your own spending, answered from your transactions by code and templates (the
                embedded model only where the rules find no intent, unless --offline); --golden scores a set.
          budget import-sms FILE|- [--user U] [--dry-run] [--data-dir DIR]
                Bank SMS messages (English and Turkish formats), one per line, into your transactions; lines that
                cannot be read are listed by number; the same message twice is stored once.
        """

    static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("assist: \(message)\n".utf8))
        return 2
    }
}

/// `--name value` options; anything else is an error naming the option.
struct Options {
    private var values: [String: String] = [:]

    /// - Parameter flags: options that take no value (present: "true").
    init(_ arguments: [String], allowed: Set<String>, flags: Set<String> = []) throws(OptionError) {
        var index = 0
        while index < arguments.count {
            let name = arguments[index]
            if name.hasPrefix("--"), flags.contains(String(name.dropFirst(2))) {
                values[String(name.dropFirst(2))] = "true"
                index += 1
                continue
            }
            guard name.hasPrefix("--"), allowed.contains(String(name.dropFirst(2))) else { throw OptionError("unknown option \(name)") }
            guard index + 1 < arguments.count else { throw OptionError("\(name) needs a value") }
            values[String(name.dropFirst(2))] = arguments[index + 1]
            index += 2
        }
    }

    subscript(_ name: String) -> String? { values[name] }

    func int(_ name: String, default defaultValue: Int) throws(OptionError) -> Int {
        guard let text = values[name] else { return defaultValue }
        guard let value = Int(text), value >= 0 else { throw OptionError("--\(name) must be a non-negative integer") }
        return value
    }
}

/// A command-line problem, or a configuration that cannot be used, as the message to print.
struct OptionError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// The configuration from `--config FILE`, or the built-in one, with the environment's store URLs applied; a
/// failure lists every issue with its path.
func loadConfiguration(_ path: String?) -> Result<GatewayConfig, OptionError> {
    do {
        var config = try path.map(GatewayAssembly.readConfig) ?? GatewayAssembly.loadConfig(nil)
        // The environment's store URLs win over the file's; `shared` storage must end up with both.
        config.storage = try config.storage.resolved(environment: ProcessEnvironment.value)
        return .success(config)
    } catch let error as ConfigError {
        return .failure(OptionError(error.issues.map(\.description).joined(separator: "\n")))
    } catch {
        return .failure(OptionError("\(error)"))
    }
}
