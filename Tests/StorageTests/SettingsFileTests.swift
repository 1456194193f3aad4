import Foundation
import Localization
import Models
import Storage
import Testing

/// `settings.json` is a file a person reads and edits: thresholds as `{"id": spaces}`, a bad field named, not moved.
@Suite struct SettingsFileTests {
    func container() throws -> SharedContainer {
        let container = SharedContainer(
            url: FileManager.default.temporaryDirectory.appendingPathComponent("hj-settings-\(UUID().uuidString)"))
        try container.prepare()
        return container
    }

    @Test func thresholdsAreAnObjectOfLotAndParkIds() throws {
        let c = try container()
        defer { try? FileManager.default.removeItem(at: c.url) }
        try SettingsStore(container: c).update {
            $0.setThreshold(100, for: .lot("banpo-1"))
            $0.setThreshold(300, for: .park("yeouido"))
            $0.widgetParks[.general] = "banpo"
        }
        let text = try String(contentsOf: c.file("settings.json"), encoding: .utf8)
        #expect(text.contains(#""alertThresholds":{"banpo-1":100,"yeouido":300}"#))
        #expect(text.contains(#""widgetParks":{"general":"banpo"}"#))
        let (settings, warning) = SettingsStore(container: c).load()
        #expect(warning == nil)
        #expect(settings.threshold(.lot("banpo-1")) == 100 && settings.threshold(.park("yeouido")) == 300)
    }

    @Test func aHandWrittenFileReads() throws {
        let c = try container()
        defer { try? FileManager.default.removeItem(at: c.url) }
        try Data(#"{"alertThresholds": {"banpo-1": 100}, "quietFrom": "22:00", "quietUntil": "07:00"}"#.utf8).write(
            to: c.file("settings.json"))
        let (settings, warning) = SettingsStore(container: c).load()
        #expect(warning == nil)
        #expect(settings.alertThresholds == ["banpo-1": 100] && settings.quietFrom == "22:00" && settings.alertsEnabled)
    }

    @Test func theOldArrayFormStillReads() throws {
        let c = try container()
        defer { try? FileManager.default.removeItem(at: c.url) }
        try Data(#"{"alertThresholds":["yeouido-4",5],"favorites":["banpo"]}"#.utf8).write(to: c.file("settings.json"))
        let (settings, warning) = SettingsStore(container: c).load()
        #expect(warning == nil)
        #expect(settings.alertThresholds == ["yeouido-4": 5] && settings.favorites == ["banpo"])
        try Data(#"{"alertThresholds":[]}"#.utf8).write(to: c.file("settings.json"))
        #expect(SettingsStore(container: c).load().warning == nil)
    }

    @Test func badFieldsAreNamedAndTheFileIsLeftAsWritten() throws {
        let c = try container()
        defer { try? FileManager.default.removeItem(at: c.url) }
        let written = Data(
            #"{"favorites":["banpo"],"alertThresholds":{"banpo-9":10,"yeouido-3":"lots","jamsil":-1,"mangwon":40},"quietFrom":"25:00","language":"fr","home":"here","widgetParks":{"parking":"ichon","lockscreen":"banpo"}}"#
                .utf8)
        try written.write(to: c.file("settings.json"))
        let (settings, warning) = SettingsStore(container: c).load()
        #expect(
            settings.favorites == ["banpo"] && settings.parkAlertThresholds == ["mangwon": 40]
                && settings.alertThresholds.isEmpty && settings.widgetParks == [.parking: "ichon"])
        #expect(
            settings.fieldProblems.map(\.field) == [
                "alertThresholds.banpo-9", "alertThresholds.jamsil", "alertThresholds.yeouido-3", "home", "language",
                "quietFrom", "widgetParks.lockscreen",
            ])
        let text = try #require(warning).text(Localizer(.en))
        for expected in [
            "alertThresholds.banpo-9: no lot or park has this id", "alertThresholds.yeouido-3: not a number of spaces",
            "quietFrom: not a time (HH:MM)", "language: not a language", "home: not the kind of value",
            "widgetParks.lockscreen: not a widget kind (parking or general)",
        ] {
            #expect(text.contains(expected), "\(text)")
        }
        #expect(try #require(warning).text(Localizer(.ko)).contains("alertThresholds.banpo-9: 이 ID의 주차장이나 공원이 없음"))
        #expect(try Data(contentsOf: c.file("settings.json")) == written)
        #expect(try FileManager.default.contentsOfDirectory(atPath: c.url.path).allSatisfy { !$0.contains("corrupt") })
    }

    @Test func aChangeKeepsACopyOfWhatCouldNotBeRead() throws {
        let c = try container()
        defer { try? FileManager.default.removeItem(at: c.url) }
        let written = Data(#"{"favorites":["banpo"],"alertThresholds":{"banpo-9":10}}"#.utf8)
        try written.write(to: c.file("settings.json"))
        try SettingsStore(container: c).update { $0.favorites.append("nanji") }
        let kept = try #require(
            try FileManager.default.contentsOfDirectory(atPath: c.url.path).first {
                $0.hasPrefix("settings.json.kept-")
            })
        #expect(try Data(contentsOf: c.file(kept)) == written)
        let (settings, warning) = SettingsStore(container: c).load()
        #expect(warning == nil && settings.favorites == ["banpo", "nanji"])
    }
}
