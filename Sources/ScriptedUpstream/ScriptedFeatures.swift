public import AssistWire

/// Feature records as a gateway in front of the scripted upstream serves them: a script writes any text, so a
/// stream feature's answer guard would judge the script, not the gateway. Each record with a `guard` loses it and
/// says it is served unchecked (`"qualification": "unchecked"`), as a stream feature without one must (issue 28).
/// One place for the test harnesses, the replica tests, the command-line tests and the benchmarks.
public enum ScriptedFeatures {
    /// `features` (a configuration's `features` object) with every guard removed and its feature unchecked.
    public static func unchecked(_ features: [String: JSONValue]) -> [String: JSONValue] {
        features.mapValues { record in
            guard case .object(var members) = record, members["guard"] != nil else { return record }
            members["guard"] = nil
            members["qualification"] = "unchecked"
            return .object(members)
        }
    }
}
