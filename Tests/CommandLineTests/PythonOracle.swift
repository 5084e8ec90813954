import AssistWire
import Foundation

/// A test oracle in `tools/`: a Python script that prints one JSON object per line. Its exit status is returned
/// for the test to hold to with its own message (which PyPI packages the script needs).
enum PythonOracle {
    static func run(_ script: String, _ arguments: [String]) throws -> (status: Int32, lines: [JSONValue]) {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../tools/\(script)").standardized
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", path.path] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // A failed run's output is not read: the caller's expectation on the status says what went wrong.
        guard process.terminationStatus == 0 else { return (process.terminationStatus, []) }
        let lines = try String(decoding: data, as: UTF8.self).split(separator: "\n").map { try JSONParser.parse(String($0)) }
        return (0, lines)
    }
}
