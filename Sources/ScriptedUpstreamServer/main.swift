// `ScriptedUpstreamServer --port N [--tokens N] [--interval-ms N] [--first-token-ms N] [--threads N]
// [--format openai|anthropic|gemini]`: the scripted upstream as a process, for benchmarks and manual fault testing.
// It answers every format on its own path; `--format` chooses the base URL it prints. Runs until killed.
import Foundation
import ScriptedUpstream

var values: [String: Int] = [:]
var format = ScriptedUpstream.Format.openAI
var arguments = Array(CommandLine.arguments.dropFirst())
while arguments.count >= 2 {
    if arguments[0] == "--format" {
        guard let chosen = ScriptedUpstream.Format(rawValue: arguments[1]) else { break }
        format = chosen
    } else {
        guard arguments[0].hasPrefix("--"), let value = Int(arguments[1]) else { break }
        values[String(arguments[0].dropFirst(2))] = value
    }
    arguments.removeFirst(2)
}
guard arguments.isEmpty else {
    FileHandle.standardError.write(Data(("usage: ScriptedUpstreamServer --port N [--tokens N] [--interval-ms N] [--first-token-ms N] [--threads N]"
                                         + " [--format openai|anthropic|gemini]\n").utf8))
    exit(2)
}
let script = Script(tokens: (0..<(values["tokens"] ?? 8)).map { "tok\($0) " },
                    firstTokenDelay: .milliseconds(values["first-token-ms"] ?? 0),
                    interval: .milliseconds(values["interval-ms"] ?? 0))
let upstream = try ScriptedUpstream(port: values["port"] ?? 0, script: script, threadPoolSize: values["threads"] ?? 1, format: format)
print("scripted upstream on \(upstream.baseURL)")
fflush(nil)
while true { try await Task.sleep(for: .seconds(3600)) }
