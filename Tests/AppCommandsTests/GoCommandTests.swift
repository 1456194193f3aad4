import Foundation
import Models
import TestFixtures
import TestSupport
import Testing

/// `hangangjari go` in process on the embedded backend at Seoul's pinned daytime: the ranking in both languages, the
/// JSON names scripts read, and each bad input a usage error that names it, printing nothing.
@Suite struct GoCommandTests {
    /// The lines say minutes: 14:00 is read from when each test starts, not the suite.
    let since = Date()
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hj-go-\(UUID().uuidString)")

    func run(_ arguments: [String]) async -> AppRun {
        await AppRun.run(arguments + ["--state-dir", dir.path], environment: TestClock.environment(since: since))
    }

    @Test func ranksTheLotsForAnArrivalInBothLanguagesAndAsJSON() async throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let english = await run(["go", "--in", "40", "--lang", "en"])
        #expect(english.status == 0, "\(english.stderr)")
        #expect(english.stdout.contains("Where to park, arriving 14:40 (in 40 min)"), "\(english.stdout)")
        #expect(english.stdout.contains("1. ") && english.stdout.contains("3. ") && !english.stdout.contains("4. "))
        #expect(english.stdout.contains("% chance"))
        let korean = await run(["go", "--in", "40", "--lang", "ko", "--all"])
        #expect(korean.status == 0, "\(korean.stderr)")
        #expect(korean.stdout.contains("14:40 도착(40분 후) 기준 주차장 순위"), "\(korean.stdout)")
        #expect(korean.stdout.contains("30. "))
        let json = await run(["go", "--in", "40", "--json", "--lang", "en"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["arrivalMinutes"] as? Int == 40)
        #expect(object["generatedAt"] as? String != nil)
        let candidates = try #require(object["candidates"] as? [[String: Any]])
        #expect(candidates.count == 3)
        for name in ["parkId", "lotId", "etaMinutes", "p10", "p50", "p90", "riskOfNoSpace", "open", "reason"] {
            #expect(candidates.allSatisfy { $0.keys.contains(name) }, "\(name)")
        }
        let first = try #require(candidates.first)
        #expect(
            Catalog.bundled.lot(LotID(rawValue: first["lotId"] as! String))?.parkId.rawValue
                == first["parkId"] as? String)
        let risks = candidates.compactMap { $0["riskOfNoSpace"] as? Double }
        #expect(risks == risks.sorted())
    }

    @Test func drivesFromAPositionInSeoulAndSaysWhenItCannot() async throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let drive = await run(["go", "--from", "37.5665,126.9780", "--lang", "en", "--json"])
        #expect(drive.status == 0, "\(drive.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(drive.stdout.utf8)) as? [String: Any])
        #expect(object["arrivalMinutes"] is NSNull)
        let etas = try #require(object["candidates"] as? [[String: Any]]).compactMap { $0["etaMinutes"] as? Int }
        #expect(etas.count == 3 && etas.allSatisfy { $0 >= 1 && $0 < 180 })
        // Busan: outside the drive model's reach; with --in, ranked by it and said so.
        let busan = await run(["go", "--from", "35.1,129.0", "--lang", "en"])
        #expect(busan.status == 64)
        #expect(busan.stderr.contains("outside Seoul"), "\(busan.stderr)")
        let busanIn = await run(["go", "--from", "35.1,129.0", "--in", "30", "--lang", "en"])
        #expect(busanIn.status == 0, "\(busanIn.stderr)")
        #expect(busanIn.stderr.contains("ranking by --in 30"))
    }

    @Test func aServerThatIsGoneLeavesTheLastAnswerMarkedStaleOrNothing() async throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try await TestBackend.start()
        let first = await run(["go", "--in", "30", "--api", server.baseURL, "--lang", "en"])
        #expect(first.stdout.contains("forecasts made"), "\(first.stderr)")
        await server.stop()
        let stale = await run([
            "go", "--in", "30", "--refresh", "--api", server.baseURL, "--timeout", "1", "--lang", "en",
        ])
        #expect(stale.status == 3)
        #expect(stale.stdout.contains("· stale"), "\(stale.stdout)")
        #expect(stale.stderr.contains("Showing the last values"), "\(stale.stderr)")
        let json = await run([
            "go", "--in", "30", "--refresh", "--api", server.baseURL, "--timeout", "1", "--json", "--lang", "en",
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["trust"] as? String == "stale")
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("hj-go-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: other) }
        let nothing = await AppRun.run(
            ["go", "--in", "30", "--api", server.baseURL, "--timeout", "1", "--lang", "en", "--state-dir", other.path],
            environment: TestClock.environment())
        #expect(nothing.status == 4)
        #expect(nothing.stderr.contains("Nothing to show"), "\(nothing.stderr)")
        #expect(nothing.stdout.contains("unknown: no answer from the server"), "\(nothing.stdout)")
    }

    @Test(arguments: [
        (["--in", "-5"], "got -5"), (["--in", "10000"], "got 10000"), (["--from", "91,200"], "got 91,200"),
        (["--from", "north"], "got north"), ([], "Say when you arrive"),
    ])
    func badInputIsAUsageErrorNamingIt(arguments: [String], says: String) async {
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = await run(["go", "--lang", "en"] + arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(says), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
