import AssistEvaluation
import Foundation
import GatewayTestSupport
import Testing

/// The language check's detector against lingua (PyPI `lingua-language-detector`, installed by
/// `make test`), a well-known detector, on a sample: every hand-made summary and a set of short sentences.
@Suite("Language detector against lingua")
struct LanguageOracleTests {
    static let sentences = [
        "Your flight leaves at noon and lands in the evening.", "Uçuşunuz öğlen kalkıyor ve akşam iniyor.",
        "The hotel includes breakfast for two adults and one child.", "Otelde iki yetişkin ve bir çocuk için kahvaltı dahil.",
        "Der Flug nach Lissabon landet um halb sechs.", "Le vol pour Lisbonne arrive en fin d'après-midi.",
        "El vuelo a Lisboa sale por la mañana.", "Dönüş uçuşunuz iptal edildi, lütfen bizimle iletişime geçin.",
        "Your return flight was cancelled; please contact us.", "Bagaj hakkınız kişi başı yirmi kilogramdır.",
        "Check-in opens three hours before departure.", "Aktarma için İstanbul'da üç saat bekleyeceksiniz.",
        "Casa do Chiado Boutique Hotel is a short walk from the metro.", "Casa do Chiado Boutique Hotel metroya yürüme mesafesinde.",
        "Deniz and Elif are travelling with Can.", "Deniz ve Elif, Can ile birlikte seyahat ediyor.",
        "Die Rückreise wurde storniert.", "Votre hôtel se trouve près de la plage.", "Su hotel está cerca de la playa.",
        "Please keep your boarding pass with you.", "Biniş kartınızı yanınızda bulundurun.",
    ]

    /// lingua's verdicts, one ISO 639-1 code per line of input.
    func lingua(_ texts: [String]) throws -> [String] {
        let script = """
            import sys, json
            from lingua import Language, LanguageDetectorBuilder
            d = LanguageDetectorBuilder.from_languages(Language.ENGLISH, Language.TURKISH, Language.GERMAN, Language.FRENCH, Language.SPANISH).build()
            for text in json.load(sys.stdin):
                language = d.detect_language_of(text)
                print(language.iso_code_639_1.name.lower() if language else "none")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: texts))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "lingua must be installed (make test installs it)")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("agrees with lingua on every summary and sentence of the sample")
    func agreement() throws {
        var sample = Self.sentences
        for byLanguage in try EvaluationSamples.good().values { sample += byLanguage.values }
        sample += try EvaluationSamples.bad().map(\.text)
        let oracle = try lingua(sample)
        try #require(oracle.count == sample.count)
        let detector = LanguageDetector()
        let disagreements = zip(sample, oracle).filter { detector.detect($0.0) != $0.1 }
        #expect(disagreements.isEmpty, "\(disagreements.map { "\($0.1): \($0.0.prefix(60))" })")
        #expect(sample.count >= 50)
    }
}
