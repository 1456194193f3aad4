import Foundation
import Localization
import Models
import Storage
import TestFixtures
import Testing
import WidgetAlerts
import WidgetSnapshot

@Suite struct LocalAlertTests {
    func setup() throws -> (LocalAlerts, WidgetSnapshot, SharedContainer) {
        let container = SharedContainer(
            url: FileManager.default.temporaryDirectory.appendingPathComponent("hj-alerts-\(UUID().uuidString)"))
        try container.prepare()
        let snapshot = SnapshotBuilder.build(.parking, from: try Fixtures.homeSummary(), now: TestClock.now())
        return (LocalAlerts(container: container), snapshot, container)
    }

    let afternoon = ISO8601.parse("2026-11-22T14:10:00+09:00")!

    /// Runs `due` and delivers everything.
    func deliver(
        _ alerts: LocalAlerts, _ snapshot: WidgetSnapshot, _ settings: Settings, _ language: Language = .en
    ) -> [LocalAlerts.Alert] {
        let due = alerts.due(for: snapshot, settings: settings, language: language, now: afternoon)
        alerts.record(due.map { ($0, .delivered) }, now: afternoon)
        return due
    }

    @Test func alertsOnceBelowTheThresholdAndReArms() throws {
        let (alerts, snapshot, container) = try setup()
        defer { try? FileManager.default.removeItem(at: container.url) }
        var settings = Settings()
        settings.alertThresholds = ["yeouido-5": 20, "yeouido-3": 100]
        let first = deliver(alerts, snapshot, settings)
        #expect(first.map(\.target) == ["yeouido-5"])
        #expect(first.first?.title == "Yeouido Lot 5: 9 spaces left")
        #expect(deliver(alerts, snapshot, settings).isEmpty)  // not twice
        var recovered = snapshot
        recovered.parking?.lots?[4].available = 30
        #expect(deliver(alerts, recovered, settings).isEmpty)
        #expect(deliver(alerts, snapshot, settings, .ko).first?.title == "여의도5주차장 자리 9면 남음")
    }

    @Test func aWholeParkHasItsOwnThreshold() throws {
        let (alerts, snapshot, container) = try setup()
        defer { try? FileManager.default.removeItem(at: container.url) }
        var settings = Settings()
        settings.parkAlertThresholds = ["yeouido": 1000]
        let due = deliver(alerts, snapshot, settings)
        #expect(due.map(\.target) == ["yeouido"])
        #expect(due.first?.title.hasPrefix("Yeouido: ") == true)
        settings.parkAlertThresholds = ["banpo": 1000]  // another park's snapshot says nothing about Banpo
        #expect(alerts.due(for: snapshot, settings: settings, language: .en, now: afternoon).isEmpty)
    }

    @Test func anAlertThatWasNotShownIsKeptAndTriedAgain() throws {
        let (alerts, snapshot, container) = try setup()
        defer { try? FileManager.default.removeItem(at: container.url) }
        var settings = Settings()
        settings.alertThresholds = ["yeouido-5": 20]
        let first = alerts.due(for: snapshot, settings: settings, language: .en, now: afternoon)
        alerts.record(
            first.map {
                ($0, .failed(Reason(.alertNotifierFailed, 1, "Cannot autolaunch D-Bus without X11 $DISPLAY")))
            }, now: afternoon)
        #expect(alerts.undelivered().map(\.alert.target) == ["yeouido-5"])
        #expect(alerts.undelivered().first?.problem.contains("D-Bus") == true)
        #expect(deliver(alerts, snapshot, settings).map(\.target) == ["yeouido-5"])  // tried again, now shown
        #expect(alerts.undelivered().isEmpty)
        #expect(deliver(alerts, snapshot, settings).isEmpty)
    }

    @Test func noAlertWithoutANumberInQuietHoursOrWhenOff() throws {
        let (alerts, snapshot, container) = try setup()
        defer { try? FileManager.default.removeItem(at: container.url) }
        var settings = Settings()
        settings.alertThresholds = ["yeouido-2": 50]  // no live count
        #expect(alerts.due(for: snapshot, settings: settings, language: .en, now: afternoon).isEmpty)
        settings.alertThresholds = ["yeouido-4": 10]
        settings.alertsEnabled = false
        #expect(alerts.due(for: snapshot, settings: settings, language: .en, now: afternoon).isEmpty)
        settings.alertsEnabled = true
        settings.quietFrom = "13:00"
        settings.quietUntil = "15:00"
        #expect(alerts.due(for: snapshot, settings: settings, language: .en, now: afternoon).isEmpty)
        #expect(AlertRule.inQuietHours(ISO8601.parse("2026-11-22T23:30:00+09:00")!, from: "22:00", until: "07:00"))
        #expect(!AlertRule.inQuietHours(ISO8601.parse("2026-11-22T12:00:00+09:00")!, from: "22:00", until: "07:00"))
    }
}
