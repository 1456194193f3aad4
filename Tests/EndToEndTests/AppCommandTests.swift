import CurlHTTP
import Foundation
import Localization
import Models
import ServerFaults
import TestFixtures
import TestSupport
import Testing

/// `hangangjari` commands for scripts, run as real processes (not a terminal) against the real server.
@Suite(.serialized) struct AppCommandTests {
    static let app = Binaries.url("hangangjari")

    func run(_ arguments: [String]) async throws -> WidgetBinaryTests.Run {
        try await WidgetBinaryTests.runAsync(arguments, binary: Self.app)
    }

    func stateDir() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("hj-cmd-\(UUID().uuidString)")
    }

    /// Stale sources on a server that answers: the printed command, its `--json` and the widget give one verdict.
    @Test func staleSourcesGiveOneVerdictToTheAppAndTheWidget() async throws {
        let server = try await TestBackend.start { $0.faults.staleSources = FaultSettings.collectedSources }
        defer { Task { await server.stop() } }
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let common = ["banpo", "--state-dir", dir.path, "--api", server.baseURL, "--lang", "en"]
        // The binaries read the server's pinned clock, so the verdict does not depend on the hour the suite runs.
        let clock = TestClock.environment()
        let printed = try await WidgetBinaryTests.runAsync(["home"] + common, environment: clock, binary: Self.app)
        let json = try await WidgetBinaryTests.runAsync(
            ["home", "--json"] + common, environment: clock, binary: Self.app)
        let widget = try await WidgetBinaryTests.runAsync(
            [
                "--park", "banpo", "--state-dir", dir.path, "--api", server.baseURL, "--format", "json", "--max-age",
                "0",
            ], environment: clock)
        let general = try await WidgetBinaryTests.runAsync(
            [
                "--kind", "general", "--park", "banpo", "--state-dir", dir.path, "--api", server.baseURL, "--max-age",
                "0",
            ], environment: clock)
        #expect(
            [printed.status, json.status, widget.status, general.status] == [3, 3, 3, 3],
            "\(printed.stderr) \(widget.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let widgetObject = try #require(
            try JSONSerialization.jsonObject(with: Data(widget.stdout.utf8)) as? [String: Any])
        #expect(object["trust"] as? String == "stale" && widgetObject["trust"] as? String == "stale")
        #expect(printed.stdout.split(separator: "\n").first?.contains("stale") == true)
        #expect(printed.stderr.contains("parking: stale at the source since"), "\(printed.stderr)")
        #expect(!printed.stderr.contains("Showing the last values") && !printed.stdout.contains("refresh failed"))
    }

    /// One source down at the source, on a server that answers, from an empty cache: the values delivered are shown
    /// as current, the source is named with since when, and each screen's exit status follows its own main values
    /// (home and parking: parking; outing: crowd, weather, events), from the app and both widget kinds alike.
    @Test(arguments: [SourceID.weather, .parking])
    func oneSourceDownIsNamedAndEachScreenFollowsItsMainValues(_ down: SourceID) async throws {
        // Server and binaries on one pinned clock, so the result does not depend on the hour the suite runs.
        let server = try await TestBackend.start {
            $0.faults.staleSources = [down]
            $0.now = TestClock.clock().now
        }
        defer { Task { await server.stop() } }
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let common = ["banpo", "--state-dir", dir.path, "--api", server.baseURL, "--lang", "en"]
        let clock = TestClock.environment()
        func app(_ arguments: [String]) async throws -> WidgetBinaryTests.Run {
            try await WidgetBinaryTests.runAsync(arguments + common, environment: clock, binary: Self.app)
        }
        func widget(_ kind: String) async throws -> WidgetBinaryTests.Run {
            try await WidgetBinaryTests.runAsync(
                [
                    "--kind", kind, "--park", "banpo", "--state-dir", dir.path, "--api", server.baseURL,
                    "--max-age", "0", "--format", "json",
                ], environment: clock)
        }
        let home = try await app(["home"])
        let parking = try await app(["parking"])
        let outing = try await app(["outing"])
        let json = try await app(["home", "--json"])
        let parkingWidget = try await widget("parking")
        let generalWidget = try await widget("general")
        let parkingDown = down == .parking
        // home, parking, outing, the parking widget, the general widget
        let expected: [Int32] = parkingDown ? [3, 3, 0, 3, 0] : [0, 0, 3, 0, 3]
        #expect(
            [home.status, parking.status, outing.status, parkingWidget.status, generalWidget.status] == expected,
            "\(home.stderr) \(outing.stderr) \(parkingWidget.stdout) \(generalWidget.stdout)")
        let note = "\(down.rawValue): stale at the source since"
        #expect(home.stdout.contains(note), "\(home.stdout)")
        #expect(!home.stdout.contains("Showing the last values") && !home.stderr.contains("refresh failed"))
        #expect(home.stderr.contains(note) == parkingDown, "\(home.stderr)")
        #expect(outing.stderr.contains(note) == !parkingDown, "\(outing.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["trust"] as? String == (parkingDown ? "stale" : "current"))
        #expect((object["sources"] as? [String: String])?[down.rawValue] == "stale")
        #expect(object["decidedBy"] as? [String] == ["parking"])
    }

    /// At 02:00 in Seoul closed is a state: when the lots open and in how long, the forecast for the opening, and a
    /// verdict that knows, from the printed command and both widgets, in both languages.
    @Test func atNightTheLotsAreClosedUntilTheyOpen() async throws {
        let server = try await TestBackend.start { $0.now = TestClock.clock(TestClock.night).now }
        defer { Task { await server.stop() } }
        await server.backend.collector.prepareHistory(days: 7)
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let environment = TestClock.environment(TestClock.night)
        let expected: [(String, home: [String], widget: String, general: String)] = [
            (
                "en", ["closed · opens 06:00 (in ", "At 06:00      about", "go with care — parking closed"],
                "P Banpo — closed · opens 06:00", "go with care — parking closed"
            ),
            (
                "ko", ["운영 종료 · 06:00 개장 (", "06:00 개장 시 약", "주의 — 주차장 운영 종료"], "P 반포 — 운영 종료 · 06:00 개장",
                "주의 — 주차장 운영 종료"
            ),
        ]
        for (language, home, widget, general) in expected {
            let common = ["--state-dir", dir.path, "--api", server.baseURL, "--lang", language]
            let printed = try await WidgetBinaryTests.runAsync(
                ["home", "banpo", "--refresh"] + common, environment: environment, binary: Self.app)
            #expect(printed.status == 0, "\(printed.stderr)")
            for text in home { #expect(printed.stdout.contains(text), "\(language): \(printed.stdout)") }
            #expect(!printed.stdout.contains(language == "en" ? "no live count" : "실시간 정보 없음"))
            let parking = try await WidgetBinaryTests.runAsync(
                ["--park", "banpo", "--max-age", "0"] + common, environment: environment)
            #expect(parking.status == 0 && parking.stdout.hasPrefix(widget), "\(parking.stdout)")
            let outing = try await WidgetBinaryTests.runAsync(
                ["--kind", "general", "--park", "banpo", "--max-age", "0"] + common, environment: environment)
            #expect(outing.stdout.contains(general), "\(outing.stdout)")
        }
    }

    /// In the last hour before the lots close, the horizon reaches closing time: the home, the forecast tab, the
    /// widget and /v2 give the forecast at the next opening (not "closed for the whole horizon"), and the crowd
    /// forecast is the usual crowd at opening, never a heading over "unknown".
    @Test func inTheLastHourTheForecastIsForTheNextOpening() async throws {
        // Its own `since`: 22:40 is 20 minutes before closing, which a long suite run must not use up.
        let since = Date()
        let server = try await TestBackend.start { $0.now = TestClock.clock(TestClock.lastHour, since: since).now }
        defer { Task { await server.stop() } }
        await server.backend.collector.prepareHistory(days: 7)
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let environment = TestClock.environment(TestClock.lastHour, since: since)
        for (language, opening, widget, closedWords) in [
            ("en", "At 06:00", "at 06:00 about", "closed for the whole horizon"),
            ("ko", "06:00 개장 시", "06:00 개장 시 약", "예측 기간 내내"),
        ] {
            let common = ["--state-dir", dir.path, "--api", server.baseURL, "--lang", language]
            for screen in ["home", "forecast"] {
                let printed = try await WidgetBinaryTests.runAsync(
                    [screen, "yeouido", "--refresh"] + common, environment: environment, binary: Self.app)
                #expect(printed.status == 0, "\(printed.stderr)")
                #expect(printed.stdout.contains(opening), "\(language) \(screen): \(printed.stdout)")
                #expect(!printed.stdout.contains(closedWords), "\(language) \(screen): \(printed.stdout)")
                #expect(
                    !printed.stdout.split(separator: "\n").contains { $0 == "unknown" || $0 == "정보 없음" },
                    "\(printed.stdout)")
            }
            let text = try await WidgetBinaryTests.runAsync(
                ["--park", "yeouido", "--max-age", "0", "--format", "text"] + common, environment: environment)
            #expect(text.status == 0 && text.stdout.contains(widget), "\(text.stdout)")
        }
        let response = try await TestBackend.curl.send(
            HTTPRequest(
                url: server.baseURL + "/v2/parks/yeouido/home-summary", deadline: Date().addingTimeInterval(10)))
        let summary = try ContractCoding.decode(HomeSummary.self, from: response.body)
        let openingPoint = try #require(summary.forecast.park.opening)
        #expect(Localizer.seoulClock(openingPoint.at) == "06:00")
        #expect(summary.forecast.crowd.points.map { Localizer.seoulClock($0.at) } == ["06:00"])
    }

    /// Commands in Korean, with the server up and then down: no English on stdout or stderr outside the catalog.
    @Test func koreanCommandsSpeakNoStrayEnglish() async throws {
        let server = try await TestBackend.start()
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let common = ["--state-dir", dir.path, "--api", server.baseURL, "--lang", "ko", "--timeout", "1"]
        var runs: [(String, WidgetBinaryTests.Run)] = []
        for command in ["home", "parking", "forecast", "outing"] {
            runs.append((command, try await run([command, "banpo"] + common)))
        }
        runs.append(("parks", try await run(["parks"] + common)))
        runs.append(("doctor", try await run(["doctor"] + common)))
        runs.append(("favorites", try await run(["favorites", "list"] + common)))
        for command in [
            ["favorites", "add", "banpo"], ["favorites", "remove", "banpo"],
            ["widget", "set", "--kind", "parking", "--park", "banpo"],
            ["location", "set", "37.5", "126.9"], ["location", "clear"], ["directions", "banpo"],
            ["open", "hangangjari://park/nowhere/home"], ["home", "yeoido"],
        ] {
            runs.append((command.joined(separator: " "), try await run(command + common)))
        }
        // The catalog names every park in both languages on purpose; Korean comes first.
        let catalog = try await run(["catalog", "--lang", "ko"])
        #expect(
            catalog.stdout.hasPrefix("강서한강공원 (Gangseo Hangang Park) [gangseo]: 주차장 1곳, 99면"),
            "\(catalog.stdout.prefix(80))")
        await server.stop()
        runs.append(("stale", try await run(["home", "banpo", "--refresh"] + common)))
        runs.append(("nothing", try await run(["home", "nanji", "--refresh"] + common)))
        runs.append(("doctor down", try await run(["doctor"] + common)))
        runs.append(("cache clear", try await run(["cache", "clear"] + common)))
        let widget = Binaries.url("hangangjari-widget")
        runs.append(
            (
                "widget",
                try await WidgetBinaryTests.runAsync(
                    [
                        "--state-dir", dir.path, "--api", server.baseURL, "--lang", "ko", "--max-age", "0", "--park",
                        "nanji",
                    ], binary: widget)
            ))
        #expect(runs.first { $0.0 == "stale" }?.1.status == 3)
        for (name, run) in runs {
            let stray = StrayEnglish.words(in: run.stdout + "\n" + run.stderr)
            #expect(stray.isEmpty, "\(name): \(stray.sorted()) in:\n\(run.stdout)\n\(run.stderr)")
        }
    }

    @Test func completionsAndHelpComeFromTheArgumentParser() async throws {
        let bash = try await run(["--generate-completion-script", "bash"])
        #expect(bash.status == 0 && bash.stdout.contains("favorites"))
        let help = try await run(["--help"])
        #expect(
            help.stdout.contains("Exit status, from each screen's main values") && help.stdout.contains("decidedBy"))
        #expect(help.stdout.contains("USAGE:") && help.stdout.contains("Show help information."))
    }

    /// Help screens and usage errors of both binaries, the argument parser's own words included, in Korean.
    @Test func helpAndUsageErrorsSpeakKorean() async throws {
        let english = [
            "OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:", "SUBCOMMANDS:", "Show help", "(default", "See '", "Error:",
            "Usage:",
        ]
        let widget = Binaries.url("hangangjari-widget")
        var helps = [
            try await run(["--help", "--lang", "ko"]),
            try await WidgetBinaryTests.runAsync(["--help", "--lang", "ko"], binary: widget),
        ]
        for command in [
            "home", "parking", "forecast", "outing", "parks", "open", "directions", "favorites", "alerts", "settings",
            "widget", "location", "doctor", "cache", "install-desktop", "catalog", "settings ambiguous-width",
        ] {
            helps.append(try await run(command.split(separator: " ").map(String.init) + ["--help", "--lang", "ko"]))
        }
        for help in helps {
            #expect(help.status == 0)
            #expect(help.stdout.contains("사용법:"), "\(help.stdout)")
            for word in english { #expect(!help.stdout.contains(word), "\(word) in:\n\(help.stdout)") }
        }
        let errors = [
            try await run(["parking", "--bogus", "--lang", "ko"]),
            try await run(["open", "--lang", "ko"]),
            try await run(["directions", "yeouido", "--by", "boat", "--lang", "ko"]),
            try await WidgetBinaryTests.runAsync(["--format", "xml", "--lang", "ko"], binary: widget),
        ]
        for error in errors {
            #expect(error.status == 64)
            #expect(error.stderr.hasPrefix("오류: "), "\(error.stderr)")
            for word in english { #expect(!error.stderr.contains(word), "\(word) in:\n\(error.stderr)") }
        }
    }
}
