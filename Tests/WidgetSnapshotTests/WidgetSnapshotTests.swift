import Foundation
import Localization
import Models
import Storage
import Synchronization
import TestFixtures
import Testing
import WidgetSnapshot

func summaryFixture() throws -> HomeSummary {
    try ContractCoding.decode(HomeSummary.self, from: Fixtures.contract("home-summary.json"))
}

@Suite struct SnapshotBuilderTests {
    @Test func parkingSnapshotSaysTheRecommendedLotFirst() throws {
        let s = SnapshotBuilder.build(.parking, from: try summaryFixture(), now: Date())
        #expect(s.parkId == "yeouido")
        #expect(s.parking?.lotId == "yeouido-3")
        #expect(s.parking?.available == 212)
        #expect(s.parking?.capacity == 785)
        #expect(s.parking?.forecast?.minutesAhead == 30)
        #expect(s.deepLink == "hangangjari://park/yeouido/parking")
        #expect(s.freshness == .known(.fresh))
        #expect(s.simulated)
    }

    @Test func generalSnapshotCarriesTheVerdict() throws {
        let s = SnapshotBuilder.build(.general, from: try summaryFixture(), now: try summaryFixture().generatedAt)
        #expect(s.general?.crowd == .known(.normal))
        #expect(s.general?.closures == 1)
        #expect(s.general?.verdict == Verdict(call: .caution, reason: .closure))
        #expect(s.freshness == .known(.stale))  // the fixture's weather source is stale
        #expect(s.deepLink == "hangangjari://park/yeouido/outing")
    }
}

@Suite struct SnapshotStoreTests {
    @Test func roundTripsAndRefusesBadFiles() throws {
        let container = SharedContainer(
            url: FileManager.default.temporaryDirectory.appendingPathComponent("hj-snap-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: container.url) }
        let store = SnapshotStore(container: container)
        #expect(store.read(.parking, "yeouido") == .failure(.missing))
        try store.writeBoth(from: try summaryFixture(), now: Date())
        guard case .success(let s) = store.read(.parking, "yeouido") else {
            Issue.record("not readable")
            return
        }
        #expect(s.parking?.available == 212)
        try Data("{\"format\":1,\"kind\":".utf8).write(to: store.url(.parking, "yeouido"))
        #expect(store.read(.parking, "yeouido") == .failure(.corrupt))
        try Data(#"{"format":2,"kind":"parking","something":"new"}"#.utf8).write(to: store.url(.parking, "yeouido"))
        #expect(store.read(.parking, "yeouido") == .failure(.otherFormat(2)))
        // A snapshot file for another park under this park's name is refused.
        try FileManager.default.copyItem(at: store.url(.general, "yeouido"), to: store.url(.general, "banpo"))
        #expect(store.read(.general, "banpo") == .failure(.wrongPark("yeouido")))
    }
}

@Suite struct WidgetLoaderTests {
    func container() -> SharedContainer {
        SharedContainer(
            url: FileManager.default.temporaryDirectory.appendingPathComponent("hj-loader-\(UUID().uuidString)"))
    }

    struct Offline: Error, CustomStringConvertible { var description: String { "server unreachable" } }

    @Test func freshSnapshotIsUsedWithoutFetching() async throws {
        let c = container()
        defer { try? FileManager.default.removeItem(at: c.url) }
        try SnapshotStore(container: c).writeBoth(from: try summaryFixture(), now: Date())
        let loader = WidgetEntryLoader(
            store: SnapshotStore(container: c),
            fetch: { _ in
                Issue.record("fetched although the snapshot was fresh")
                throw Offline()
            })
        let entry = await loader.load(.parking, park: "yeouido", maxAge: 300)
        #expect(entry.state == .current)
    }

    @Test func failureShowsTheLastSnapshotMarkedStale() async throws {
        let c = container()
        defer { try? FileManager.default.removeItem(at: c.url) }
        try SnapshotStore(container: c).writeBoth(from: try summaryFixture(), now: Date().addingTimeInterval(-3600))
        let loader = WidgetEntryLoader(store: SnapshotStore(container: c), fetch: { _ in throw Offline() })
        let entry = await loader.load(.parking, park: "yeouido", maxAge: 300)
        #expect(entry.state == .stale(reason: Reason(Offline())))
        #expect(entry.snapshot?.parking?.available == 212)
        let text = WidgetFormatter(language: .en, now: Date()).render(entry, as: .text)
        #expect(text.exitCode == ExitStatus.stale)
        #expect(text.text.contains("min old"))
        #expect(text.text.contains("Not updated: server unreachable"))
    }

    @Test func nothingAtAllGivesAPlaceholderThatSaysWhy() async throws {
        let c = container()
        defer { try? FileManager.default.removeItem(at: c.url) }
        let loader = WidgetEntryLoader(store: SnapshotStore(container: c), fetch: { _ in throw Offline() })
        let entry = await loader.load(.general, park: "nanji", maxAge: 300)
        #expect(entry.state == .unavailable(reason: Reason(Offline())))
        let output = WidgetFormatter(language: .ko, now: Date()).render(entry, as: .waybar)
        #expect(output.text.contains("난지 · 정보 없음"))
        #expect(output.exitCode == 0)
    }

    @Test func wrongParkPayloadIsNeverSaved() async throws {
        let c = container()
        defer { try? FileManager.default.removeItem(at: c.url) }
        // The fetch always answers with Yeouido.
        let loader = WidgetEntryLoader(store: SnapshotStore(container: c), fetch: { _ in try summaryFixture() })
        let entry = await loader.load(.parking, park: "banpo", maxAge: 300)
        guard case .unavailable = entry.state else {
            Issue.record("a wrong-park payload was shown")
            return
        }
        #expect(SnapshotStore(container: c).read(.parking, "banpo") == .failure(.missing))
        #expect(SnapshotStore(container: c).read(.parking, "yeouido") == .failure(.missing))
    }
}

@Suite struct FormatTests {
    func entry(_ state: WidgetEntry.State = .current) throws -> WidgetEntry {
        let snapshot = SnapshotBuilder.build(.parking, from: try summaryFixture(), now: Date())
        return WidgetEntry(kind: .parking, parkId: "yeouido", snapshot: snapshot, state: state, nextRefresh: Date())
    }

    @Test func waybarIsOneJSONLine() throws {
        let output = WidgetFormatter(language: .en, now: Date()).render(try entry(), as: .waybar)
        #expect(!output.text.contains("\n"))
        let object = try #require(JSONSerialization.jsonObject(with: Data(output.text.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "P Yeouido 212/785 filling")
        #expect(object["percentage"] as? Int == 27)
        #expect((object["tooltip"] as? String)?.contains("Recommended: Yeouido Lot 3 212 spaces") == true)
    }

    @Test func i3blocksHasThreeLinesAndUrgency() throws {
        let output = WidgetFormatter(language: .en, now: Date(), urgentBelow: 300).render(try entry(), as: .i3blocks)
        #expect(output.text.split(separator: "\n").count == 3)
        #expect(output.exitCode == ExitStatus.urgent)
    }

    @Test func tmuxEscapesHashNotPercentAndArgosLinks() throws {
        var e = try entry()
        e.snapshot?.parkNameEn = "100% #1"
        let tmux = WidgetFormatter(language: .en, now: Date()).render(e, as: .tmux)
        // tmux does not time-expand #() output, so "%" stays single; "#" alone would start a style.
        #expect(tmux.text.contains("100% ##1"))
        #expect(!tmux.text.contains("%%"))
        let argos = WidgetFormatter(language: .en, now: Date()).render(try entry(), as: .argos)
        #expect(argos.text.split(separator: "\n")[1] == "---")
        #expect(argos.text.contains("href=hangangjari://park/yeouido/parking"))
    }

    @Test func refreshIsSoonerWhenBusyAndBacksOff() {
        let saturdayAfternoon = ISO8601.parse("2026-11-21T15:00:00+09:00")!
        let night = ISO8601.parse("2026-11-21T02:00:00+09:00")!
        #expect(RefreshPolicy.interval(at: saturdayAfternoon, failures: 0) == 300)
        #expect(RefreshPolicy.interval(at: night, failures: 0) == 3600)
        #expect(RefreshPolicy.interval(at: saturdayAfternoon, failures: 3) > 300)
    }

    @Test func languageFollowsTheLocale() {
        #expect(WidgetLanguage.resolve(explicit: nil, settings: nil, environment: ["LANG": "ko_KR.UTF-8"]) == .ko)
        #expect(WidgetLanguage.resolve(explicit: "en", settings: nil, environment: ["LANG": "ko_KR.UTF-8"]) == .en)
        #expect(
            WidgetLanguage.resolve(explicit: nil, settings: nil, environment: ["LC_ALL": "C.UTF-8", "LANG": "ko_KR"])
                == .en)
        #expect(WidgetLanguage.resolve(explicit: nil, settings: nil, environment: [:]) == .en)
    }

    @Test func parkResolutionOrder() {
        var settings = Settings()
        let catalog = Catalog.bundled
        #expect(
            LocationResolver.resolve(explicit: nil, kind: .parking, settings: settings, catalog: catalog).0 == "yeouido"
        )
        settings.home = Coordinate(lat: 37.5195, lon: 127.0860)
        #expect(
            LocationResolver.resolve(explicit: nil, kind: .parking, settings: settings, catalog: catalog).0 == "jamsil")
        settings.favorites = ["mangwon"]
        #expect(
            LocationResolver.resolve(explicit: nil, kind: .parking, settings: settings, catalog: catalog).0 == "mangwon"
        )
        settings.widgetParks["parking"] = "banpo"
        #expect(
            LocationResolver.resolve(explicit: nil, kind: .parking, settings: settings, catalog: catalog).0 == "banpo")
        #expect(
            LocationResolver.resolve(explicit: "nanji", kind: .parking, settings: settings, catalog: catalog).0
                == "nanji")
    }
}

@Suite struct LocalAlertTests {
    func setup() throws -> (LocalAlerts, WidgetSnapshot, SharedContainer) {
        let container = SharedContainer(
            url: FileManager.default.temporaryDirectory.appendingPathComponent("hj-alerts-\(UUID().uuidString)"))
        try container.prepare()
        let snapshot = SnapshotBuilder.build(.parking, from: try summaryFixture(), now: Date())
        return (LocalAlerts(container: container), snapshot, container)
    }

    let afternoon = ISO8601.parse("2026-11-22T14:10:00+09:00")!

    /// Runs `due` and delivers everything.
    func deliver(
        _ alerts: LocalAlerts, _ snapshot: WidgetSnapshot, _ settings: Settings, _ language: WidgetLanguage = .en
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
        #expect(LocalAlerts.inQuietHours(ISO8601.parse("2026-11-22T23:30:00+09:00")!, from: "22:00", until: "07:00"))
        #expect(!LocalAlerts.inQuietHours(ISO8601.parse("2026-11-22T12:00:00+09:00")!, from: "22:00", until: "07:00"))
    }

    @Test func theWidgetRunnerCountsOnlyDeliveredAlerts() async throws {
        let container = SharedContainer(
            url: FileManager.default.temporaryDirectory.appendingPathComponent("hj-runner-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: container.url) }
        try SettingsStore(container: container).update { $0.alertThresholds = ["yeouido-4": 5] }
        let sent = Mutex<[String]>([])
        let working = Mutex(false)
        let runner = WidgetRunner(
            container: container, environment: [:], makeFetch: { { _ in try summaryFixture() } },
            now: { ISO8601.parse("2026-11-22T14:10:00+09:00")! },
            notify: { alert in
                guard working.withLock({ $0 }) else { return .failed(Reason(.alertNoNotifier)) }
                sent.withLock { $0.append(alert.title) }
                return .delivered
            })
        var options = WidgetRunner.Options()
        options.park = "yeouido"
        options.maxAge = 0
        let failed = await runner.run(options)
        #expect(
            failed.messages.contains {
                $0.contains("Yeouido Lot 4: 0 spaces left") && $0.contains("notify-send is not installed")
            })
        working.withLock { $0 = true }
        _ = await runner.run(options)
        _ = await runner.run(options)
        #expect(sent.withLock { $0 } == ["Yeouido Lot 4: 0 spaces left"])
    }
}
