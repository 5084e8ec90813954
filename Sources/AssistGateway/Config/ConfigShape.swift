import AssistWire

/// The configuration language as the strict decoder knows it, seen while it read one file: every key path it
/// accepts. `docs/configuration.md` is held to it by a test (`ConfigurationReferenceTests`): a key the decoder
/// accepts cannot go undocumented, and a documented key cannot outlive the decoder's acceptance of it.
///
/// Paths are patterns. A member of a map (an object whose keys the file chooses: feature ids, model aliases, a
/// feature's `options`) is `*`, so `features.itinerary_summary.rollout` reads `features.*.rollout`. The root
/// object is `$`, and its keys are paths of their own (`limits`). A reading sees only the objects present in the
/// file it reads, so a shape is complete only for a file that has every optional section.
public struct ConfigShape: Sendable, Equatable {
    /// Each strict object read, by its pattern, with the keys it allows.
    public private(set) var allowedKeys: [String: Set<String>] = [:]
    /// The patterns of the maps read.
    public private(set) var maps: Set<String> = []
    /// Where in the source each strict object was read (`AssistGateway/Config/Limits.swift:47`): which of the
    /// decoder's reads of a strict object a reading reached, since a section absent from the file is never read.
    public private(set) var strictReadSites: Set<String> = []

    public init() {}

    /// Every key path the decoder accepts: `pattern.key` for each key of each strict object (just `key` at the
    /// root), and `pattern.*` for each map.
    public var keyPaths: Set<String> {
        var paths = Set(maps.map { "\($0).*" })
        for (pattern, keys) in allowedKeys {
            for key in keys { paths.insert(ConfigReader.join(pattern, key)) }
        }
        return paths
    }

    /// Records the object read at `path` from the source line `site`: the keys it allows, or, with `allowed`
    /// nil, that it is a map.
    mutating func record(_ path: String, allowed keys: Set<String>?, site: String) {
        let pattern = pattern(of: path)
        guard let keys else {
            maps.insert(pattern)
            return
        }
        allowedKeys[pattern, default: []].formUnion(keys)
        strictReadSites.insert(site)
    }

    /// `path` with each member of a map as `*`: `features.itinerary_summary.quotas` → `features.*.quotas`.
    /// A member whose own name holds a dot would read as two components; feature ids and aliases hold none.
    /// An element of an array is `[]`: `models.chat.targets[1]` → `models.*.targets[]`.
    func pattern(of path: String) -> String {
        var pattern = ""
        for component in path.split(separator: ".", omittingEmptySubsequences: false) {
            var name = maps.contains(pattern) ? "*" : String(component)
            if name.hasSuffix("]"), let open = name.lastIndex(of: "["), name[name.index(after: open)..<name.index(before: name.endIndex)].allSatisfy(\.isNumber) {
                name = name[..<open] + "[]"
            }
            pattern = pattern.isEmpty ? name : "\(pattern).\(name)"
        }
        return pattern
    }
}

extension GatewayConfig {
    /// The configuration language the decoder accepts, as seen reading `bytes`: parsed and decoded, not
    /// validated across sections (that validation reads no key of its own, and would tie the shape to the
    /// prompt builders of one binary). Throws what `load` throws for the JSON and for each section, so a shape
    /// comes only from a file the decoder accepts.
    public static func acceptedShape(of bytes: [UInt8]) throws(ConfigError) -> ConfigShape {
        var reader = ConfigReader()
        _ = decode(try parse(bytes), reader: &reader)
        guard reader.issues.isEmpty else { throw ConfigError(issues: reader.issues) }
        return reader.shape
    }
}
