import AssistLocalModel
import AssistServices
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `assist model [--port N] [--data-dir DIR]`: the embedded llama-server alone, supervised, in the foreground
/// until SIGINT/SIGTERM. It is the one model several gateway replicas share as their `--upstream`
/// (`make cluster`), with the same supervision `serve` gives its own: restarts with back-off, and the child
/// dies with this process.
enum ModelCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        let options: Options
        let port: Int
        do {
            options = try Options(arguments, allowed: ["port", "data-dir"])
            port = try options.int("port", default: 8081)
        } catch {
            return Usage.fail(error.message)
        }
        guard let termination = TerminationSignal.catch() else {
            log("cannot catch SIGINT/SIGTERM: \(String(cString: strerror(errno)))")
            return 1
        }
        let dataDirectory = URL(fileURLWithPath: options["data-dir"] ?? ".assist")
        guard let llama = await EmbeddedModelProcess.start(dataDirectory: dataDirectory, port: port, log: log) else { return 1 }
        let group = ServiceGroup([llama])
        group.start()
        print("Embedded model listening on \(llama.baseURL)")
        fflush(nil)
        let signal = await termination.next()
        log("\(signal == SIGINT ? "SIGINT" : "SIGTERM"): stopping the model")
        return await group.shutdown().isEmpty ? 0 : 1
    }

    private static func log(_ message: String) {
        FileHandle.standardError.write(Data("assist: \(message)\n".utf8))
    }
}
