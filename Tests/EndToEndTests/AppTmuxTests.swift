import Foundation
import Localization
import Models
import QRCode
import Storage
import TestFixtures
import TestSupport
import Testing
import WidgetSnapshot

/// The real `hangangjari` binary in a real terminal (tmux), against the real server, with real files.
@Suite(.serialized, .enabled(if: Tmux.available, "tmux is not installed"))
struct AppTmuxTests {
    static let app = Binaries.url("hangangjari")

    func stateDir() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("hj-tmux-\(UUID().uuidString)")
    }

    /// A real server, a fresh state directory and a tmux shell, all removed afterwards; the server and the shell's
    /// binaries read one clock pinned at `instant` (Seoul daytime unless a test says).
    func withSession(at instant: Date = TestClock.daytime, _ body: (TestBackend, URL, Tmux) async throws -> Void)
        async throws
    {
        let since = Date()
        let server = try await TestBackend.start { $0.now = TestClock.clock(instant, since: since).now }
        let dir = stateDir()
        let tmux = Tmux()
        defer {
            tmux.kill()
            try? FileManager.default.removeItem(at: dir)
            Task { await server.stop() }
        }
        try tmux.start(instant: instant, since: since)
        try await body(server, dir, tmux)
    }

    @Test(.enabled(if: QRScanner.available, "zbarimg is not installed"))
    func theDirectionsCodeOnScreenScansToTheRoute() async throws {
        try await withSession { server, dir, tmux in
            try tmux.type("\(Self.app.path) --state-dir \(dir.path) --api \(server.baseURL) --lang en")
            #expect(try await tmux.waitFor("Yeouido Hangang Park", "Sources", "q quit") != nil)
            // 80 × 24 is too short for a whole code: the app says so rather than drawing a cut one.
            try tmux.press("p")
            #expect(try await tmux.waitFor("The QR code needs a terminal of", "https://map.kakao.com/link/to/") != nil)
            try tmux.press("Escape")
            #expect(try await tmux.waitFor("Sources", without: ["QR code"]) != nil)
            try tmux.resize(width: 80, height: 40)
            try tmux.press("p")
            let screen = try #require(try await tmux.waitFor("Esc or p closes"))
            let rows = DirectionsCodeTests.codeRows(screen)
            let link = try QRScanner.decode(QRCode.modules(fromHalfBlockRows: rows))
            #expect(link?.hasPrefix("https://map.kakao.com/link/to/") == true, "\(screen.joined(separator: "\n"))")
            try tmux.press("p")
            #expect(try await tmux.waitFor("Sources", without: ["Esc or p closes"]) != nil)
        }
    }

    /// Yeouido (more than 999 spaces) on the forecast tab at 80×24, in both languages: every count of the table is
    /// whole and grouped (no "1438–1…", no "1,529" beside "1546"), and the home's counts are grouped too.
    @Test(arguments: [Language.en, .ko])
    func yeouidosForecastTabShowsWholeGroupedCountsAtEightyColumns(_ language: Language) async throws {
        try await withSession { server, dir, tmux in
            try tmux.type(
                "\(Self.app.path) yeouido --state-dir \(dir.path) --api \(server.baseURL) --lang \(language.rawValue)")
            let home = try #require(try await tmux.waitFor("q ", "p10–p90"))
            let grouped = /^\d{1,3}(,\d{3})*$/
            let homeNumbers = home.joined(separator: " ").split(whereSeparator: { !$0.isNumber && $0 != "," })
                .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }.filter { !$0.isEmpty }
            #expect(!homeNumbers.contains { $0.count >= 4 && !$0.contains(",") }, "\(home.joined(separator: "\n"))")
            try tmux.press("3")
            let screen = try #require(try await tmux.waitFor("p90", "p50", "p10"), "no forecast table")
            let text = screen.joined(separator: "\n")
            for label in ["p90", "p50", "p10"] {
                let row = try #require(screen.first { $0.hasPrefix("  " + label) }, "\(text)")
                #expect(DisplayWidth.of(row) <= 80 && !row.contains("…"), "\(row)")
                let values = row.dropFirst(2 + label.count).split(separator: " ").map(String.init)
                #expect(values.count >= 6, "\(row)")
                #expect(values.allSatisfy { $0.wholeMatch(of: grouped) != nil }, "\(row)")
                #expect(values.contains { $0.contains(",") }, "Yeouido's counts pass 999: \(row)")
            }
        }
    }

    @Test func visitsEveryScreenSwitchesParksAndTheWidgetFollowsAFavourite() async throws {
        try await withSession { server, dir, tmux in
            try tmux.type("\(Self.app.path) --state-dir \(dir.path) --api \(server.baseURL) --lang en")
            #expect(try await tmux.waitFor("Yeouido Hangang Park", "Sources", "q quit") != nil)
            try tmux.press("2")
            #expect(try await tmux.waitFor("Yeouido Lot 3", "Status", "s sort") != nil)
            try tmux.press("3")
            #expect(try await tmux.waitFor("Parking forecast", "Crowd forecast", "[ ] lot") != nil)
            try tmux.press("]")
            #expect(try await tmux.waitFor("Parking forecast — Yeouido Lot 1") != nil)
            try tmux.press("4")
            // Once the whole outing has loaded, its way-there rows push the source table below 24 rows.
            #expect(try await tmux.waitFor("Facilities", "Transit") != nil)
            try tmux.press("5")
            // The list has loaded when the header says when it was updated (a park may honestly have no count: "—/190").
            #expect(try await tmux.waitFor("Hangang parks  updated", "West to east", "Gwangnaru", "Jamsil") != nil)
            // Every lot of the 11 parks ranked from the server's /v2/forecasts; + moves the arrival by 10 minutes.
            try tmux.press("6")
            #expect(try await tmux.waitFor("Where to go now", "(in 30 min)", "1. ", "+ - arrival") != nil)
            try tmux.press("+")
            #expect(try await tmux.waitFor("(in 40 min)", "% chance") != nil)
            try tmux.press("1", "Right")
            #expect(try await tmux.waitFor("Ichon Hangang Park", "Sources") != nil)

            // A favourite and the widget choice are saved where the widget reads them.
            try tmux.press("f")
            #expect(try await tmux.waitFor("Ichon added to favourites", "Ichon Hangang Park ★") != nil)
            try tmux.press("w")
            #expect(try await tmux.waitFor("Both widgets now show Ichon") != nil)
            let settings = SettingsStore(container: SharedContainer(url: dir)).load().settings
            #expect(settings.favorites == ["ichon"])
            #expect(settings.widgetParks[.parking] == "ichon")
            // The real widget, as a second process with a dead API, shows the park and value the app just showed.
            let widget = try await WidgetBinaryTests.runAsync([
                "--state-dir", dir.path, "--api", "http://127.0.0.1:9", "--format", "json",
            ])
            #expect(widget.status == 0, "\(widget.stderr)")
            guard
                case .success(let snapshot) = SnapshotStore(container: SharedContainer(url: dir)).read(
                    .parking, "ichon")
            else {
                Issue.record("no snapshot for ichon")
                return
            }
            #expect(widget.stdout.contains("\"park\":\"ichon\""))
            // The simulation has outages: a park may honestly have no live count, and both must then say so.
            let expected = snapshot.parking?.totalAvailable.map { Localizer.grouped($0) + " of " } ?? "no live count"
            try tmux.press("1")
            #expect(try await tmux.waitFor(expected) != nil, "the app and the widget disagree: \(expected)")
            try tmux.press("q")
            #expect(try await tmux.waitFor("$ ") != nil)
        }
    }

    @Test func aDeepLinkOpensTheParkAndScreenItNames() async throws {
        try await withSession { server, dir, tmux in
            try tmux.type(
                "\(Self.app.path) open 'hangangjari://park/banpo/forecast?lot=banpo-2-3' --state-dir \(dir.path) --api \(server.baseURL) --lang en"
            )
            #expect(try await tmux.waitFor("Banpo Hangang Park", "Parking forecast — Banpo Lots 2, 3") != nil)
            try tmux.press("q")
        }
    }

    /// The split cache's job, done by the summary itself: a link to the forecast with the server gone paints the
    /// forecast of the last home summary, marked as the last values, not a blank screen or an error.
    @Test func aDeepLinkWithTheServerDownPaintsTheLastForecastMarkedAsSuch() async throws {
        try await withSession { server, dir, tmux in
            let common = "--state-dir \(dir.path) --api \(server.baseURL) --lang en"
            try tmux.type("\(Self.app.path) home banpo \(common) > /dev/null && echo WARM''ED")
            #expect(try await tmux.waitFor("WARMED") != nil)
            await server.stop()
            // Twenty minutes later, past the cache's window: the app asks the dead server and keeps the last values.
            let later = TestClock.shellAssignment(TestClock.daytime + 20 * 60)
            try tmux.type(
                "clear; \(later) \(Self.app.path) open 'hangangjari://park/banpo/forecast' \(common) --timeout 1")
            let screen = try #require(
                try await tmux.waitFor("Banpo Hangang Park", "Crowd forecast", "Showing the last values"),
                "the last forecast is not on screen")
            #expect(screen.contains { $0.contains("stale") }, "\(screen.joined(separator: "\n"))")
            try tmux.press("q")
        }
    }

    @Test func redrawsOnResizeAndCtrlCLeavesTheTerminalSane() async throws {
        try await withSession { server, dir, tmux in
            let probe = "stty -a | grep -o -- '-\\?icanon\\|-\\?echo ' | tr -d '\\n' | sed 's/^/ST''TY:/'; echo"
            try tmux.type(probe)
            let before = try #require(try await tmux.waitFor("STTY:")).first { $0.hasPrefix("STTY:") } ?? ""
            try tmux.type("\(Self.app.path) --state-dir \(dir.path) --api \(server.baseURL) --lang ko")
            #expect(try await tmux.waitFor("여의도한강공원", "출처") != nil)
            try tmux.resize(width: 100, height: 30)
            // The rule is drawn before the key line: wait for both, or a capture between the two finds no keys.
            let resized = try #require(try await tmux.waitFor(String(repeating: "─", count: 100), "q 종료"))
            #expect(resized.count >= 30)
            #expect(resized[29].contains("q 종료"), "the key line is not on the last row: \(resized)")
            try tmux.press("C-c")
            #expect(try await tmux.waitFor("$ ") != nil)
            try tmux.type("clear; " + probe)
            let after = try #require(try await tmux.waitFor("STTY:")).first { $0.hasPrefix("STTY:") } ?? ""
            #expect(after.contains("icanon") && !after.contains("-icanon"), "\(after)")
            #expect(after == before)
        }
    }

    /// By day the lots' bars line up; at 02:00 (lots closed, no bars) every row still fits the terminal.
    @Test(arguments: [(TestClock.daytime, false), (TestClock.night, true)])
    func koreanScreensLineUpInARealTerminal(instant: Date, night: Bool) async throws {
        try await withSession(at: instant) { server, dir, tmux in
            try tmux.type("\(Self.app.path) parking --state-dir \(dir.path) --api \(server.baseURL) --lang ko")
            try tmux.type("\(Self.app.path) --state-dir \(dir.path) --api \(server.baseURL) --lang ko --tab parks")
            let rows = try #require(try await tmux.waitFor("한강공원  ", "업데이트", "한강을 따라 서쪽부터", "광나루"))
            let barColumns = Set(
                rows.compactMap { row -> Int? in
                    guard let bar = row.firstIndex(where: { $0 == "█" || $0 == "░" }) else { return nil }
                    return DisplayWidth.of(String(row[..<bar]))
                })
            #expect(barColumns.count == (night ? 0 : 1), "bars start at columns \(barColumns)")
            for row in rows { #expect(DisplayWidth.of(row) <= 80, "\(row)") }
            try tmux.press("q")
        }
    }

    /// At 02:00 the full screen says the lots are closed until 06:00 and in how long, and the verdict knows.
    @Test func atNightTheFullScreenSaysClosedUntilOpening() async throws {
        try await withSession(at: TestClock.night) { server, dir, tmux in
            try tmux.type("\(Self.app.path) --state-dir \(dir.path) --api \(server.baseURL) --lang en banpo")
            let rows = try #require(
                try await tmux.waitFor("closed · opens 06:00 (in 4 h", "go with care — parking closed"))
            #expect(!rows.joined().contains("no live count"))
            try tmux.press("q")
        }
    }

    /// With the input method in Hangul mode the keys still work: ㄹ (f) adds a favourite, ㅂ (q) quits. The park
    /// is found by its initial consonants (ㅂㅍ is Banpo).
    @Test func hangulModeKeysActAsTheirLatinKeys() async throws {
        try await withSession { server, dir, tmux in
            try tmux.type("\(Self.app.path) ㅂㅍ --state-dir \(dir.path) --api \(server.baseURL) --lang en")
            #expect(try await tmux.waitFor("Banpo Hangang Park", "Sources") != nil)
            try tmux.press("-l", "ㄹ")
            #expect(try await tmux.waitFor("Banpo Hangang Park ★") != nil)
            try tmux.press("-l", "ㅂ")
            #expect(try await tmux.waitFor("$ ", without: ["Sources"]) != nil)
            #expect(SettingsStore(container: SharedContainer(url: dir)).load().settings.favorites == ["banpo"])
        }
    }
}
