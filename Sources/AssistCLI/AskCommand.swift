import AssistClient
import AssistGateway
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `assist ask FEATURE [--input key=value ...] [--locale L] [--user ID [--data-dir DIR] | --token T]
/// [--gateway URL]`: one feature through the client kit, deltas to stdout as they arrive.
///
/// Exit codes: 0 on `done`; 75 (EX_TEMPFAIL) when rate limited (429) or unavailable with a `Retry-After` (503), with the time a retry is allowed on
/// stderr; 130 on Ctrl-C (the stream and the server's generation are stopped, printed text stays);
/// 1 on any other error, named by its code, including a stream that ended without `done`.
enum AskCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        guard let feature = arguments.first, !feature.hasPrefix("--") else {
            return Usage.fail("ask needs a FEATURE, e.g. assist ask itinerary_summary --input bookingId=BK-2041")
        }
        var input: [String: JSONValue] = [:]
        var options: [String: String] = [:]
        var index = 1
        while index < arguments.count {
            let name = arguments[index]
            guard ["--input", "--locale", "--user", "--data-dir", "--token", "--gateway"].contains(name) else {
                return Usage.fail("unknown option \(name)")
            }
            guard index + 1 < arguments.count else { return Usage.fail("\(name) needs a value") }
            let value = arguments[index + 1]
            if name == "--input" {
                guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                    return Usage.fail("--input takes key=value, got \(value)")
                }
                input[String(value[..<equals])] = inputValue(String(value[value.index(after: equals)...]))
            } else {
                options[String(name.dropFirst(2))] = value
            }
            index += 2
        }
        guard let gateway = URL(string: options["gateway"] ?? "http://127.0.0.1:8080") else { return Usage.fail("--gateway is not a URL") }
        let token: String
        switch (options["token"], options["user"]) {
        case (let given?, nil): token = given
        case (nil, let user?):
            let directory = options["data-dir"] ?? ".assist"
            guard case .success(let config) = loadConfiguration(nil) else { return Usage.fail("the built-in configuration does not load") }
            let secret: [UInt8]
            do {
                secret = try SecretStore.hs256Secret(environmentVariable: config.auth.hs256SecretEnv, dataDirectory: URL(fileURLWithPath: directory))
            } catch {
                return Usage.fail("cannot read or create the development secret in \(directory) (\(error.localizedDescription)): --user signs with the gateway's "
                                  + "own secret, so pass the gateway's --data-dir or set \(config.auth.hs256SecretEnv); or pass --token T")
            }
            token = HS256TokenIssuer(secret: secret, settings: config.auth).token(for: user)
        default: return Usage.fail("give either --user ID (development token) or --token T")
        }

        let client = AssistClient(baseURL: gateway, accessToken: { token })
        let stream = client.stream(AssistRequest(feature: feature, input: input, locale: options["locale"] ?? "en-US"))
        let interrupted = InterruptFlag()
        let signals = interrupted.install { stream.stop() }
        defer { withExtendedLifetime(signals) {} }
        do {
            for try await event in stream {
                switch event {
                case .facts:
                    continue  // shown by apps beside the text; the CLI prints the model's answer only
                case .delta(let text):
                    FileHandle.standardOutput.write(Data(text.utf8))
                case .done(_, let promptVersion, let cached, _, _):
                    let requestId = await stream.responseHead()?.requestId ?? "-"
                    let served = cached ? ", stored answer" : ""
                    FileHandle.standardOutput.write(Data("\n[promptVersion \(promptVersion)\(served), request \(requestId)]\n".utf8))
                    return 0
                case .error:
                    break  // the stream throws it next
                }
            }
            if interrupted.isSet { return 130 }
            return report(.incomplete, gateway: gateway)
        } catch let error as AssistClientError {
            return interrupted.isSet ? 130 : report(error, gateway: gateway)
        } catch {
            return interrupted.isSet ? 130 : report(.transport(TransportError(error)), gateway: gateway)
        }
    }

    /// A JSON array or object is taken as JSON (`history=[...]`); anything else is a string.
    static func inputValue(_ text: String) -> JSONValue {
        if let first = text.first, first == "[" || first == "{", let json = try? JSONParser.parse(text) { return json }
        return .string(text)
    }

    private static func report(_ error: AssistClientError, gateway: URL) -> Int32 {
        FileHandle.standardOutput.write(Data("\n".utf8))
        if let date = error.retryAfter {
            let code = error.code
            let seconds = max(0, Int(date.timeIntervalSinceNow.rounded(.up)))
            FileHandle.standardError.write(Data("assist: \(code): retry in \(seconds) s (after \(ISO8601DateFormatter().string(from: date)))\n".utf8))
            return 75
        }
        FileHandle.standardError.write(Data("assist: \(GatewayErrorAdvice.message(for: error, gateway: gateway))\n".utf8))
        return 1
    }
}

/// SIGINT as a flag plus an action, from a dispatch source (the default handler would kill the process
/// before the stream could be stopped).
final class InterruptFlag: @unchecked Sendable {
    // `@unchecked Sendable`: `set` is written once on the signal queue and read after the stream ended.
    private var set = false
    private let queue = DispatchQueue(label: "assist.ask.signals")

    var isSet: Bool { queue.sync { set } }

    func install(_ onInterrupt: @escaping @Sendable () -> Void) -> any DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: queue)
        source.setEventHandler { [self] in
            set = true
            onInterrupt()
        }
        source.resume()
        return source
    }
}
