import Foundation
public import ScriptedUpstream

/// A scripted upstream that answers each itinerary prompt with a prepared summary, chosen by the booking
/// id in the prompt's data and the language its instructions ask for.
public enum PreparedUpstream {
    /// `answer(bookingId, language)`; nil falls back to the upstream's standing script.
    public static func start(_ answer: @escaping @Sendable (_ booking: String, _ language: String) -> String?) throws -> ScriptedUpstream {
        let upstream = try ScriptedUpstream(script: Script(status: 500))
        upstream.chooser = { body in
            let prompt = String(decoding: body, as: UTF8.self)
            guard let range = prompt.range(of: #"BK-[0-9]+"#, options: .regularExpression) else { return nil }
            let language = prompt.contains("in Turkish") ? "tr" : "en"
            return answer(String(prompt[range]), language).map { Script(tokens: tokens($0)) }
        }
        return upstream
    }

    /// The text in pieces of a few characters, as a model streams it.
    public static func tokens(_ text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if current.count >= 6, character == " " {
                pieces.append(current)
                current = ""
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}
