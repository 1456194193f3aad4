import Foundation
import Models
import TestFixtures
import TestSupport
import Testing

/// `hangangjari` commands for scripts, run in process against the real server over loopback: each screen printed
/// once, the cache when the server is gone, the hour in Seoul, usage errors, favourites, the widget's park,
/// location and directions.
struct AppCommandTests {
    func run(_ arguments: [String]) async -> AppRun { await AppRun.run(arguments) }

    func stateDir() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("hj-cmd-\(UUID().uuidString)")
    }

    @Test func printsEachScreenOnceAsPlainTextAndJSON() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (command, expected) in [
            ("home", "Sources"), ("parking", "Banpo Lot 1"), ("forecast", "Crowd forecast"), ("outing", "Facilities"),
        ] {
            let run = await run([
                command, "banpo", "--state-dir", dir.path, "--api", server.baseURL, "--lang", "en",
            ])
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect(run.stdout.contains(expected), "\(command): \(run.stdout)")
            #expect(!run.stdout.contains("\u{1B}"), "escape codes in plain output")
        }
        let json = await run(["parking", "반포", "--json", "--state-dir", dir.path, "--api", server.baseURL])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["park"] as? String == "banpo")
        #expect(object["trust"] as? String == "current")
        let parks = await run(["parks", "--json", "--state-dir", dir.path, "--api", server.baseURL])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(parks.stdout.utf8)) as? [String: Any])
        #expect(((list["data"] as? [String: Any])?["parks"] as? [Any])?.count == 11)
    }

    @Test func anUnreachableAPIShowsTheLastValuesMarkedStale() async throws {
        let server = try await TestBackend.start()
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = await run(["home", "jamsil", "--state-dir", dir.path, "--api", server.baseURL])
        #expect(first.status == 0)
        await server.stop()
        let dbURL = dir.appendingPathComponent("cache.sqlite")
        #expect(FileManager.default.fileExists(atPath: dbURL.path))
        // Within the cache's window no request is made; --refresh asks the (dead) server and falls back to the cache.
        let cached = await run([
            "home", "jamsil", "--state-dir", dir.path, "--api", server.baseURL, "--timeout", "1", "--json",
        ])
        #expect(cached.status == 0 && cached.stdout.contains("\"origin\":\"cache\""), "\(cached.stdout.prefix(200))")
        let second = await run([
            "home", "jamsil", "--refresh", "--state-dir", dir.path, "--api", server.baseURL, "--timeout", "1", "--json",
        ])
        #expect(second.status == 3)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        #expect(object["trust"] as? String == "stale")
        #expect(second.stderr.contains("Showing the last values"))
        let forced = await run([
            "home", "nanji", "--state-dir", dir.path, "--api", server.baseURL, "--timeout", "1",
        ])
        #expect(forced.status == 4)
        #expect(forced.stderr.contains("Nothing to show"))
    }

    /// The same command by day and at night in Seoul, server and app pinned to one clock: by day lots have counts;
    /// at 02:00 every lot is closed (a state, not a failure) and the command still succeeds.
    @Test(arguments: [(TestClock.daytime, false), (TestClock.night, true)])
    func lotsFollowTheHourInSeoul(instant: Date, night: Bool) async throws {
        let server = try await TestBackend.start { $0.now = TestClock.clock(instant).now }
        defer { Task { await server.stop() } }
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = await AppRun.run(
            ["parking", "banpo", "--json", "--state-dir", dir.path, "--api", server.baseURL],
            environment: TestClock.environment(instant))
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let lots = try #require(
            ((object["data"] as? [String: Any])?["parking"] as? [String: Any])?["lots"] as? [[String: Any]])
        let labels = lots.compactMap { ($0["status"] as? [String: Any])?["label"] as? String }
        let counts = lots.compactMap { ($0["status"] as? [String: Any])?["available"] as? Int }
        #expect(labels.count == 2)
        if night {
            #expect(labels.allSatisfy { $0 == "closed" } && counts.isEmpty, "\(labels) \(counts)")
        } else {
            #expect(!labels.contains("closed") && counts.count == 2, "\(labels) \(counts)")
        }
    }

    @Test func unknownParksAndBadLinksAreUsageErrorsThatSuggest() async throws {
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let typo = await run(["home", "yeoido", "--state-dir", dir.path, "--api", "http://127.0.0.1:9"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("Unknown park 'yeoido'") && typo.stderr.contains("Did you mean yeouido?"))
        let link = await run(["open", "hangangjari://park/yeouido/tickets", "--state-dir", dir.path])
        #expect(link.status == 64)
        #expect(link.stderr.contains("unknown screen 'tickets'"))
        let korean = await run([
            "open", "hangangjari://park/yeouido/tickets", "--lang", "ko", "--state-dir", dir.path,
        ])
        #expect(korean.status == 64 && korean.stderr.contains("알 수 없는 화면 'tickets'"))
        let flag = await run(["home", "--no-such-flag"])
        #expect(flag.status == 64)
        // Options before the command: the parser takes the command's name for a park; the error gives the line that works.
        let early = await run(["--lang", "ko", "alerts", "--state-dir", dir.path])
        #expect(early.status == 64)
        #expect(
            early.stderr.contains("'alerts'은(는) 명령이라")
                && early.stderr.contains("`hangangjari alerts --lang ko --state-dir \(dir.path)`"))
        #expect(!early.stderr.contains("공원을 찾을 수 없어요"))
    }

    @Test func favouritesWidgetLocationAndDirections() async throws {
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let common = ["--state-dir", dir.path, "--lang", "en"]
        #expect(await run(["favorites", "add", "여의도"] + common).status == 0)
        #expect(await run(["favorites", "add", "Banpo"] + common).status == 0)
        #expect(await run(["favorites", "list"] + common).stdout == "yeouido\nbanpo\n")
        #expect(await run(["favorites", "remove", "yeouido"] + common).status == 0)
        #expect(await run(["favorites", "list"] + common).stdout == "banpo\n")
        let widget = await run(["widget", "set", "--kind", "parking", "--park", "jamsil"] + common)
        #expect(widget.stdout.contains("The parking widget now shows Jamsil"))
        #expect(await run(["location", "set", "10", "10"] + common).status == 64)
        #expect(await run(["location", "set", "37.55", "126.99"] + common).status == 0)
        let directions = await run(["directions", "yeouido", "--by", "transit", "--map", "google"] + common)
        #expect(
            directions.stdout
                == "https://www.google.com/maps/dir/?api=1&destination=37.5285,126.9337&travelmode=transit&origin=37.55,126.99\n"
        )
        let wrongLot = await run(["directions", "yeouido", "--lot", "banpo-1"] + common)
        #expect(wrongLot.status == 64)
    }
}
