import Foundation
import Localization
import Models
import Synchronization
import TestFixtures
import TestSupport
import Testing

/// `hangangjari go LOT --leave now` in process on the embedded backend: a lot forecast under its margin at arrival
/// is told once, printed and on the desktop, naming the best other lot; one that keeps it is watched until the
/// arrival; one whose forecast cannot be had says so at the end; bad input is a usage error naming it.
@Suite struct GoTripCommandTests {
    /// The lines say minutes: 14:00 is read from when each test starts, not the suite.
    let since = Date()
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hj-trip-\(UUID().uuidString)")

    /// The lots ranked for an arrival in 40 minutes, as `hangangjari go --all --json` (kept in the state directory's
    /// cache, which the trip then reads).
    func ranked(_ environment: [String: String]) async throws -> [[String: Any]] {
        let all = await AppRun.run(
            ["go", "--in", "40", "--all", "--json", "--timeout", "60", "--state-dir", dir.path],
            environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
        return try #require(object["candidates"] as? [[String: Any]])
    }

    @Test(arguments: [Language.en, .ko]) func aLotForecastUnderItsMarginIsToldOnceNamingTheBestOtherLot(
        _ language: Language
    ) async throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let environment = TestClock.environment(since: since)
        let candidates = try await ranked(environment)
        // A lot with a known p50 at arrival, and a margin just above it that another lot keeps.
        let known = candidates.compactMap { entry in
            (entry["lotId"] as? String).flatMap { id in (entry["p50"] as? Int).map { (id, $0) } }
        }
        let (lotId, p50) = try #require(
            known.first { mine in known.contains { $0.0 != mine.0 && $0.1 > mine.1 } }, "\(candidates)")
        let lot = try #require(Catalog.bundled.lot(LotID(rawValue: lotId)))
        let margin = p50 + 1
        let other = try #require(known.first { $0.0 != lotId && $0.1 >= margin })
        let otherLot = try #require(Catalog.bundled.lot(LotID(rawValue: other.0)))
        let shown = Mutex<[String]>([])
        let run = await AppRun.run(
            [
                "go", lotId, "--leave", "now", "--in", "40", "--margin", "\(margin)", "--lang", language.rawValue,
                "--timeout", "60", "--state-dir", dir.path,
            ], environment: environment,
            notify: { title, body, _ in
                shown.withLock { $0 += [title, body] }
                return nil
            },
            // The first look alerts: a second one is a failure, not 40 minutes of waiting.
            sleep: { _ in throw CancellationError() })
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let l = Localizer(language)
        let name = language == .ko ? lot.nameKo : lot.nameEn
        #expect(lines.first == l(.goTripWatching, name, "14:40", l.duration(minutes: 40)), "\(run.stdout)")
        #expect(lines.count == 3 && lines[1] == l(.alertTripTitle, name, Localizer.grouped(p50), "14:40"))
        let otherName = language == .ko ? otherLot.nameKo : otherLot.nameEn
        let said = l(.alertTripBody, margin, "NAME", "N", "14:40").components(separatedBy: "NAME")[0]
        #expect(lines.count == 3 && lines[2].hasPrefix(said) && lines[2].contains(otherName), "\(run.stdout)")
        #expect(shown.withLock { $0 } == Array(lines.dropFirst()), "the desktop shows the printed alert, once")
    }

    /// On a clock that moves only while the trip waits, an arrival in 10 minutes is ten looks away, however slow the
    /// machine: a lot that keeps its margin is watched to the arrival and nothing is shown; a server that cannot be
    /// reached is said once when the lot turns unknown, with its cause, and again at the end.
    @Test func aTripEndsAtTheArrivalAndSaysWhenTheForecastWasNotKnown() async throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let stepping = SteppingClock(at: TestClock.daytime)
        let shown = Mutex(0)
        let kept = await AppRun.run(
            [
                "go", "banpo-1", "--leave", "now", "--in", "10", "--margin", "1", "--lang", "en", "--state-dir",
                dir.path,
            ],
            notify: { _, _, _ in
                shown.withLock { $0 += 1 }
                return nil
            }, sleep: { stepping.sleep($0) }, clock: stepping.wallClock)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.hasSuffix("the trip ends with no alert (the lot kept its margin).\n"), "\(kept.stdout)")
        #expect(shown.withLock { $0 } == 0 && stepping.waits == 10, "a look a minute")
        let downClock = SteppingClock(at: TestClock.daytime)
        let down = await AppRun.run(
            [
                "go", "banpo-1", "--leave", "now", "--in", "10", "--lang", "en", "--api", "http://127.0.0.1:9",
                "--timeout", "1", "--state-dir", dir.path,
            ], sleep: { downClock.sleep($0) }, clock: downClock.wallClock)
        #expect(down.status == 0, "\(down.stderr)")
        // Said when it turns unknown, with the go screen's reason and the failed refresh's cause, not at every look.
        let unknown = down.stdout.split(separator: "\n").filter { $0.hasSuffix("(still watching).") }
        #expect(
            unknown == ["14:00 Banpo Lot 1: unknown: no answer from the server (still watching)."], "\(down.stdout)")
        #expect(down.stderr.contains("could not be refreshed: the server is not running or refused the connection"))
        #expect(down.stdout.hasSuffix("could not be had at the last look.\n"), "\(down.stdout)")
        #expect(!kept.stdout.contains("still watching"), "\(kept.stdout)")
    }

    /// A server that answers, drops two looks, answers, drops two more: each turn to unknown is said, once, and the
    /// trip still ends on the answer of its last look.
    @Test func eachTurnToUnknownIsSaidOnce() async throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let bootstrap = try Fixtures.contract("bootstrap-response.json")
        let answer = try Fixtures.contract("lot-forecasts-response.json")
        // The recorded answer was made at 14:00:01 on 22 November.
        let stepping = SteppingClock(at: try #require(ISO8601.parse("2026-11-22T14:01:00+09:00")))
        let server = try RawHTTPServer { path in
            if [2, 3, 6, 7].contains(stepping.waits) { return .closeImmediately }
            let body = path.hasSuffix("/bootstrap") ? bootstrap : answer
            return .respond(RawHTTPServer.response(headers: ["Content-Type: application/json"], body: body))
        }
        defer { server.stop() }
        let run = await AppRun.run(
            [
                "go", "banpo-1", "--leave", "now", "--in", "10", "--margin", "1", "--lang", "en", "--api",
                server.baseURL, "--state-dir", dir.path,
            ], sleep: { stepping.sleep($0) }, clock: stepping.wallClock)
        #expect(run.status == 0, "\(run.stderr)")
        let said = run.stdout.split(separator: "\n").filter { $0.hasSuffix("(still watching).") }
        #expect(
            said == [
                "14:03 Banpo Lot 1: unknown: no answer from the server (still watching).",
                "14:07 Banpo Lot 1: unknown: no answer from the server (still watching).",
            ], "\(run.stdout)")
        #expect(run.stderr.components(separatedBy: "could not be refreshed").count == 3, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("the trip ends with no alert (the lot kept its margin).\n"), "\(run.stdout)")
    }

    /// At 02:00 the lot is closed at an arrival in 10 minutes, and at 22:40 it closes 5 minutes after one in 15:
    /// each is said with when, nothing is watched, and the trip fails.
    @Test func aLotClosedAtArrivalOrClosingBeforeYouParkIsNotWatched() async {
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [(Date, String, String)] = [
            (TestClock.night, "10", "Banpo Lot 1 is closed at 02:10 (it opens 06:00): nothing to watch."),
            (TestClock.lastHour, "15", "Banpo Lot 1 closes before you could park (arriving 22:55): nothing to watch."),
        ]
        for (instant, minutes, said) in cases {
            let stepping = SteppingClock(at: instant)
            let run = await AppRun.run(
                ["go", "banpo-1", "--leave", "now", "--in", minutes, "--lang", "en", "--state-dir", dir.path],
                sleep: { stepping.sleep($0) }, clock: stepping.wallClock)
            #expect(run.status == 1 && run.stdout.isEmpty && stepping.waits == 0, "\(run.stdout)")
            #expect(run.stderr == "hangangjari: \(said)\n", "\(run.stderr)")
        }
    }

    @Test func badInputIsAUsageErrorNamingIt() async {
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [([String], String)] = [
            (["go", "banpo-1", "--leave", "later", "--in", "10"], "--leave takes `now`, not 'later'"),
            (["go", "--leave", "now", "--in", "10"], "--leave needs the lot"),
            (["go", "banpo-1", "--in", "10"], "a lot is given with --leave now"),
            (["go", "atlantis-9", "--leave", "now", "--in", "10"], "no lot 'atlantis-9'"),
            (["go", "banpo-1", "--leave", "now", "--in", "10", "--margin", "0"], "--margin takes 1 to 1000"),
        ]
        for (arguments, said) in cases {
            let run = await AppRun.run(
                arguments + ["--lang", "en", "--state-dir", dir.path], environment: TestClock.environment())
            #expect(run.status == 64 && run.stderr.contains(said) && run.stdout.isEmpty, "\(arguments): \(run.stderr)")
        }
    }
}
