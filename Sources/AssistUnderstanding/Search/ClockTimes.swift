/// A time of day written on the clock ("7am", "around 10 am", "6:30pm") or as "am" / "pm" after a day ("tmrw am",
/// "fri pm", "10/31 am"), read as the part of the day it falls in.
extension SearchParser {
    /// The part of the day of a clock time in `text`: 5–11 am morning, noon to 4 pm afternoon, 5–8 pm evening, 9 pm to
    /// 4 am night. "am" alone counts only after an hour or a day word, never as the verb ("I am flying"); "pm" alone
    /// after a day word is the afternoon.
    static func clockTimeOfDay(in text: String) -> String? {
        let characters = Array(text.lowercased())
        var index = 0
        while index + 1 < characters.count {
            defer { index += 1 }
            let pair = String(characters[index...(index + 1)])
            guard pair == "am" || pair == "pm", index + 2 == characters.count || !characters[index + 2].isLetter,
                  index == 0 || !characters[index - 1].isLetter else { continue }
            // Back over a space, the minutes and their colon or dot, then the hour: "7am", "7 am", "6:30pm", "6.30 pm".
            var at = index - 1
            if at >= 0, characters[at] == " " { at -= 1 }
            var digits = ""
            while at >= 0, characters[at].isNumber {
                digits.insert(characters[at], at: digits.startIndex)
                at -= 1
            }
            if digits.count == 2, at >= 1, ":.".contains(characters[at]), characters[at - 1].isNumber {
                digits = ""
                at -= 1
                while at >= 0, characters[at].isNumber {
                    digits.insert(characters[at], at: digits.startIndex)
                    at -= 1
                }
            }
            if digits.isEmpty {
                // "tmrw am", "friday pm": the word before names a day.
                let before = TextMatching.words(String(characters[..<index])).last ?? ""
                if DateWords.tomorrow.contains(before) || DateWords.weekday(before) != nil || DateWords.weekdayAbbreviations[before] != nil
                    || before == "today" { return pair == "am" ? "morning" : "afternoon" }
                continue
            }
            // "10/31 am", "31/10 pm": the last part of a numeric date is a day, not an hour (no clock writes a slash).
            if at >= 1, characters[at] == "/", characters[at - 1].isNumber { return pair == "am" ? "morning" : "afternoon" }
            guard at < 0 || !characters[at].isLetter, let hour = Int(digits), (1...12).contains(hour) else { continue }
            switch pair == "am" ? hour % 12 : hour % 12 + 12 {
            case 5..<12: return "morning"
            case 12..<17: return "afternoon"
            case 17..<21: return "evening"
            default: return "night"
            }
        }
        return nil
    }
}
