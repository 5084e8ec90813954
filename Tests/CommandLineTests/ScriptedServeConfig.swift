import AssistTravel
import AssistWire
import Foundation
import ScriptedUpstream

/// A configuration file for `assist serve --config` against the scripted upstream, written into `directory`:
/// the built-in one with its stream features unchecked (their guards off, since the scripts write any text, as
/// `GatewayHarness` does in process), locales no one measured served by the model, and the repository's
/// qualification results named by absolute path (the file lives elsewhere). Returns the file's path.
func scriptedServeConfig(in directory: URL) throws -> String {
    guard case .object(var root) = try JSONParser.parse(TravelApp.builtinConfigurationBytes),
          case .object(let features)? = root["features"] else { throw ConfigShapeChanged() }
    root["features"] = .object(ScriptedFeatures.unchecked(features))
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    root["qualification"] = ["unknown": "serve", "results": .string(repository.appendingPathComponent("golden/qualification.json").path)]
    let file = directory.appendingPathComponent("scripted-\(UUID().uuidString).json")
    try Data(JSONWriter.bytes(.object(root))).write(to: file)
    return file.path
}

struct ConfigShapeChanged: Error, CustomStringConvertible {
    var description: String { "the built-in configuration changed shape" }
}
