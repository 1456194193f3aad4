import Foundation
import Localization
import TestFixtures
import Testing

@Suite struct StringCatalogTests {
    /// Placeholders of a format, normalised: `%@` and `%1$@` are both "@", `%lld` "d"; in positional order.
    static func placeholders(_ format: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "%(?:(\\d+)\\$)?(?:ll|l|h|q|z)?([@diu])")
        let matches = pattern.matches(in: format, range: NSRange(format.startIndex..., in: format))
        var items: [(Int, String)] = []
        for (order, match) in matches.enumerated() {
            let position = Range(match.range(at: 1), in: format).flatMap { Int(format[$0]) } ?? order + 1
            let type = String(format[Range(match.range(at: 2), in: format)!])
            items.append((position, type == "@" ? "@" : "d"))
        }
        return items.sorted { $0.0 < $1.0 }.map(\.1)
    }

    static func forms(_ entry: CatalogEntry) -> [String] {
        switch entry {
        case .text(let t): [t]
        case .plural(let one, let other): [one, other].compactMap { $0 }
        }
    }

    @Test func everyKeyIsCompleteInKoreanAndEnglish() {
        for key in L10nKey.allCases {
            for language in Language.allCases {
                let entry = StringCatalog.all[key]?[language]
                #expect(entry != nil, "\(key.rawValue) has no \(language.rawValue)")
                for form in entry.map(Self.forms) ?? [] {
                    #expect(!form.isEmpty, "\(key.rawValue) is empty in \(language.rawValue)")
                }
            }
        }
    }

    @Test func placeholdersAgreeBetweenLanguagesAndForms() {
        for key in L10nKey.allCases {
            let reference = StringCatalog.all[key]?[.en].map(Self.forms)?.last.map(Self.placeholders)
            for language in Language.allCases {
                for form in StringCatalog.all[key]?[language].map(Self.forms) ?? [] {
                    #expect(Self.placeholders(form) == reference, "\(key.rawValue) [\(language.rawValue)] \(form)")
                }
            }
        }
    }

    /// The compiled catalog must match Localization/Localizable.xcstrings (regenerate with
    /// `python3 Tools/localization/generate-strings.py`).
    @Test func compiledCatalogMatchesTheStringCatalogFile() throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Localization/Localizable.xcstrings")
        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let strings = try #require(json["strings"] as? [String: [String: Any]])
        #expect(Set(strings.keys) == Set(L10nKey.allCases.map(\.rawValue)))
        for (rawKey, value) in strings {
            let key = try #require(L10nKey(rawValue: rawKey))
            let localizations = try #require(value["localizations"] as? [String: [String: Any]])
            for language in Language.allCases {
                let loc = try #require(
                    localizations[language.rawValue], "\(rawKey) lacks \(language.rawValue) in the file")
                let expected: CatalogEntry
                if let unit = loc["stringUnit"] as? [String: Any] {
                    expected = .text(unit["value"] as? String ?? "")
                } else {
                    let plural = ((loc["variations"] as? [String: Any])?["plural"] as? [String: [String: Any]]) ?? [:]
                    let one = (plural["one"]?["stringUnit"] as? [String: Any])?["value"] as? String
                    let other = (plural["other"]?["stringUnit"] as? [String: Any])?["value"] as? String ?? ""
                    expected = .plural(one: one, other: other)
                }
                #expect(StringCatalog.all[key]?[language] == expected, "\(rawKey) [\(language.rawValue)]")
            }
        }
    }

    /// Korean text appears only in the catalog: a Hangul literal elsewhere in user-facing code bypasses it.
    /// (Seoul's own public text, park names and Korean test fixtures live in data, not in these folders.)
    @Test func noHangulLiteralBypassesTheCatalog() throws {
        let folders = [
            "Modules/WidgetSnapshot", "Modules/WidgetCommandLine", "Modules/AppCore", "Modules/AppScreens",
            "Modules/ScreenRows", "Modules/TerminalUI", "Modules/WebFront", "Apps",
        ]
        var offenders: [String] = []
        for folder in folders {
            let base = Fixtures.repositoryRoot.appendingPathComponent(folder)
            let files =
                FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
                ?? []
            for file in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                    && line.unicodeScalars.contains(where: { (0xAC00...0xD7A3).contains($0.value) })
                {
                    offenders.append("\(folder)/\(file.lastPathComponent):\(number + 1)")
                }
            }
        }
        #expect(offenders.isEmpty, "Hangul outside the catalog: \(offenders)")
    }
}

@Suite struct LocalizerTests {
    @Test func pluralsAndPositions() {
        let en = Localizer(.en)
        let ko = Localizer(.ko)
        #expect(en.plural(.spacesCount, count: 1) == "1 space")
        #expect(en.plural(.spacesCount, count: 2) == "2 spaces")
        #expect(ko.plural(.spacesCount, count: 1) == "1면")
        #expect(en(.widgetForecastHint, 30, 12, 5, 20) == "in 30 min about 12 (5–20)")
        #expect(ko(.widgetForecastHint, 30, 12, 5, 20) == "30분 후 약 12면 (5–20)")
        #expect(en.plural(.alertTitle, count: 1, "Banpo Lot 1", 1) == "Banpo Lot 1: 1 space left")
    }

    @Test func formatHandlesPercentAndMissingArguments() {
        #expect(Localizer.format("100%% %@", ["sure"]) == "100% sure")
        #expect(Localizer.format("%2$@ %1$@", ["a", "b"]) == "b a")
        #expect(Localizer.format("%@ and %@", ["only"]) == "only and ")
        #expect(Localizer.format("trailing %", []) == "trailing %")
    }

    @Test func languageFromTheEnvironment() {
        #expect(
            Language.resolve(flag: nil, configFile: nil, settings: nil, environment: ["LC_MESSAGES": "ko_KR.UTF-8"])
                == .ko)
        #expect(
            Language.resolve(flag: nil, configFile: nil, settings: "ko", environment: ["LANG": "en_US.UTF-8"]) == .ko)
        let korean = ["LANG": "ko_KR.UTF-8"]
        #expect(Language.choose(flag: "en", configFile: "ko", settings: "ko", environment: korean) == (.en, .flag))
        #expect(Language.choose(flag: nil, configFile: "en", settings: "ko", environment: korean) == (.en, .configFile))
        #expect(Language.choose(flag: nil, configFile: nil, settings: "en", environment: korean) == (.en, .settings))
        #expect(
            Language.choose(flag: "", configFile: nil, settings: nil, environment: korean) == (.ko, .locale("LANG")))
        #expect(Language.choose(flag: nil, configFile: nil, settings: nil, environment: [:]) == (.en, .fallback))
    }
}

@Suite struct FormattingTests {
    let en = Localizer(.en), ko = Localizer(.ko)

    @Test func relativeTimes() {
        #expect(en.relativeTime(seconds: 20) == "just now")
        #expect(ko.relativeTime(seconds: 180) == "3분 전")
        #expect(en.relativeTime(seconds: 60) == "1 min ago")
        #expect(en.relativeTime(seconds: 7200) == "2 h ago")
        #expect(en.relativeTime(seconds: 86_400) == "1 day ago")
    }

    @Test func distancesAndWon() {
        #expect(en.distance(meters: 847) == "850 m")
        #expect(ko.distance(meters: 1234) == "1.2 km")
        for (meters, words) in DistanceWordsCases.all {
            #expect(DistanceWords.text(meters: meters) == words, "\(meters) m")
        }
        #expect(en.krw(2300) == "₩2,300")
        #expect(ko.krw(1_234_567) == "1,234,567원")
        #expect(ko.krw(0) == "0원")
    }

    @Test func seoulClockSaysSoWhenTheMachineIsElsewhere() {
        let date = Date(timeIntervalSince1970: 1_795_323_900)  // 14:05 in Seoul
        #expect(en.seoulClock(date, machineOffsetSeconds: 9 * 3600) == "14:05")
        #expect(en.seoulClock(date, machineOffsetSeconds: 0) == "14:05 Seoul time")
        #expect(ko.seoulClock(date, machineOffsetSeconds: -5 * 3600) == "14:05 (서울 시간)")
    }

    @Test func hangulIsDoubleWidth() {
        #expect(DisplayWidth.of("Yeouido") == 7)
        #expect(DisplayWidth.of("여의도") == 6)
        #expect(DisplayWidth.of("P 여의도 212") == 12)
        #expect(DisplayWidth.padded("반포", to: 6) == "반포  ")
        #expect(DisplayWidth.of(DisplayWidth.padded("여의도1주차장", to: 20)) == 20)
    }
}

@Suite struct CommandLineHelpTests {
    @Test func theLanguageComesFromTheFlagThenTheEnvironment() {
        #expect(
            CommandLineHelp.language(arguments: ["hangangjari", "--lang", "ko"], environment: ["LANG": "en_US.UTF-8"])
                == .ko)
        #expect(
            CommandLineHelp.language(arguments: ["hangangjari", "--lang=en"], environment: ["LANG": "ko_KR.UTF-8"])
                == .en)
        #expect(CommandLineHelp.language(arguments: ["hangangjari"], environment: ["LC_ALL": "ko_KR.UTF-8"]) == .ko)
    }

    /// Help text is user-facing: every help key has both languages (the catalog test checks placeholders).
    @Test func everyHelpKeyHasKoreanAndEnglish() {
        let keys = L10nKey.allCases.filter { $0.rawValue.hasPrefix("help.") }
        #expect(keys.count > 50)
        for key in keys {
            #expect(StringCatalog.all[key]?[.ko] != nil && StringCatalog.all[key]?[.en] != nil, "\(key.rawValue)")
        }
    }
}

/// The distances `Tests/Tools/test_distance_words.py` also has the pages' script word (keep the two lists alike).
enum DistanceWordsCases {
    static let all: [(Double, String)] = [
        (0, "0 m"), (4, "0 m"), (850, "850 m"), (854, "850 m"), (994, "990 m"), (995, "1 km"), (1000, "1 km"),
        (1049, "1 km"), (1050, "1.1 km"), (1234, "1.2 km"), (12_340, "12.3 km"),
    ]
}
