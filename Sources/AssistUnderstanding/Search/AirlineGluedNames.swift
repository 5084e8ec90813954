import Foundation

/// Unlisted airlines written as one word, with no generic word apart: "CemAir", "AirSial" ("Air" a capitalised part
/// of the word), "EcoJet", "SkyAlps", "TezJet" (two capitalised parts), "Originair", "Israir" ("air" glued in lower
/// case at the end). Carriers name themselves so far more than places or people do, but ordinary words end in "air"
/// too ("Wheelchair", "Repair") and names have capitals inside ("McAllen", "LaGuardia", "MacArthur"), so:
/// - "Air" as a capitalised part is an airline anywhere, a letter on either side ("Airbnb", "AIR", "Cairo" are not),
///   as `AirlineNameShapes.swift` has read it since the eighteenth set;
/// - two capitalised parts, and "air", "jet", "fly" or "wings" glued in lower case at the end ("Afrijet", "Canaryfly",
///   "Animawings"), are one
///   only where a carrier stands: opening the request right before a place ("EcoJet Cochabamba to Cobija", "Originair
///   Nelson to …"; or a word and "to" before it, "Canaryfly Fuerteventura to La Palma"; or "to" alone, "Winair →
///   Azua"), or before Turkish "ile" ("TezJet ile Bişkek'ten …"); never a place the gazetteer knows ("McAllen to Houston"). Each part has
///   three letters or more ("Mc", "La", "De" begin surnames and places), and "air" follows no letter that makes it an
///   English word's end ("chair", "hair", "pair", "fair", "stair", "flair": "Wheelchair Boston to Denver");
/// - in a request typed all in lower case, a glued ending in the word opening it before Turkish "ile" ("iberojet ile
///   sabadell'den …"), where no capital can tell; a figure may stand inside the word ("World2Fly ile …").
extension SearchParser {
    /// Letters before a lower-case "air" that make the word an English one ("wheelchair", "repair", "affair", "stair", "flair").
    static let englishAirEndings: Set<Character> = ["h", "p", "f", "t", "l"]

    /// The airline written as the one word at `index`, as the type's comment says.
    static func gluedName(_ index: Int, tokens: [WrittenWord], words: [String], mixedCase: Bool,
                          places: Set<Int>) -> (name: String, span: Range<Int>)? {
        let text = tokens[index].text
        let opensTurkishWith = index == 0 && index + 1 < words.count && turkishWithWords.contains(words[index + 1])
        // "World2Fly": a figure may stand inside the word, between letters.
        guard text.count >= 5, text.first?.isLetter == true, text.last?.isLetter == true, text.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
        // "iberojet ile sabadell'den …": in a request typed all in lower case, a word opening it before Turkish "ile" that
        // ends with a carrier's glued ending, as the capitalised shapes below read it.
        if !mixedCase, opensTurkishWith, text.allSatisfy({ $0.isLowercase || $0.isNumber }), !places.contains(index),
           let name = lowercaseGluedEnding(text) {
            return (writtenName(name), index..<(index + 1))
        }
        guard text.first?.isUppercase == true, text.contains(where: \.isLowercase) else { return nil }
        if let air = text.range(of: "Air") {
            let before = text[..<air.lowerBound], after = text[air.upperBound...]
            let glued = before.isEmpty ? after.first?.isUppercase == true && after.dropFirst().contains(where: \.isLowercase)
                : after.isEmpty && before.count >= 2 && before.dropFirst().allSatisfy(\.isLowercase)
            if glued { return (text, index..<(index + 1)) }
        }
        // Where a carrier stands: opening the request before a place, or before Turkish "ile"; no place itself. The
        // place may come after "to", a name the gazetteer lacks before it ("Canaryfly Fuerteventura to La Palma").
        // Or right before "to" and the place ("Winair → Azua", the arrow read as "to").
        let opensRoute = index == 0 && (places.contains(1) || words.count > 3 && words[2] == "to" && places.contains { $0 > 2 }
                                        || words.count > 2 && words[1] == "to" && places.contains(2))
        let withTurkish = index + 1 < words.count && turkishWithWords.contains(words[index + 1])
        guard mixedCase, opensRoute || withTurkish, !places.contains(index) else { return nil }
        if twoCapitalisedParts(text) { return (text, index..<(index + 1)) }
        guard text.dropFirst().allSatisfy(\.isLowercase), let name = lowercaseGluedEnding(text) else { return nil }
        return (name, index..<(index + 1))
    }

    /// `text` when, after its first letter, it ends in a carrier's ending glued in lower case:
    /// - "Originair", "Israir": "air", three letters or more before it, no letter that makes an English word's end;
    /// - "Afrijet", "Canaryfly", "Animawings": "jet", "fly" or "wings", four letters or more before it, none of the English
    ///   words so made ("turbojet", "jumbojet", "butterfly", "dragonfly", "firefly", "housefly", "buffalowings").
    static func lowercaseGluedEnding(_ text: String) -> String? {
        if text.hasSuffix("air"), text.count >= 6, let letter = text.dropLast(3).last, !englishAirEndings.contains(letter) { return text }
        for suffix in ["jet", "fly", "wings"] where text.hasSuffix(suffix) && text.count >= suffix.count + 4 {
            if !englishGluedWords.contains(String(text.dropLast(suffix.count)).lowercased()) { return text }
        }
        return nil
    }

    /// What English glues before "jet" or "fly" into a word of its own ("Turbojet", "Butterfly"): no carrier.
    static let englishGluedWords: Set<String> = ["turbo", "jumbo", "scram", "butter", "dragon", "house", "horse", "fire", "crane", "green",
                                                 "black", "white", "stone", "sand", "saw", "buffalo", "chicken"]

    /// Whether `text` is two capitalised parts of three letters or more, each else in lower case: "EcoJet", "SkyAlps".
    static func twoCapitalisedParts(_ text: String) -> Bool {
        let capitals = text.indices.filter { text[$0].isUppercase }
        guard capitals.count == 2, capitals[0] == text.startIndex else { return false }
        return text.distance(from: text.startIndex, to: capitals[1]) >= 3 && text.distance(from: capitals[1], to: text.endIndex) >= 3
    }
}
