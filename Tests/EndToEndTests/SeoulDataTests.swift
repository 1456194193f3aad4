import Foundation
import Models
import TestFixtures
import TestSupport
import Testing

/// Real-shaped Seoul data through the real binaries: the server over loopback reads a local stand-in for the Seoul
/// API, and the printed screens say what the data is (14:05 in Seoul on the fixtures' day).
@Suite(.serialized) struct SeoulDataTests {
    static let instant = ISO8601.parse("2026-08-26T14:05:00+09:00")!
    static let app = Binaries.url("hangangjari")
    /// When this test started (a new instance per test): the clocks read `instant` then, so that how long the suite
    /// ran before it does not age the fixtures' readings.
    let since = Date()

    func run(_ arguments: [String], _ environment: [String: String] = [:]) async throws -> WidgetBinaryTests.Run {
        try await WidgetBinaryTests.runAsync(
            arguments, environment: TestClock.environment(Self.instant, since: since).merging(environment) { $1 },
            binary: Self.app)
    }

    func stateDir() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("hj-seoul-\(UUID().uuidString)")
    }

    @Test func printedScreensSayWhatTheSeoulDataIs() async throws {
        let seoul = try SeoulStandIn(fixtures: [
            "POI105": "citydata-yeouido-poi105.json", "POI072": "citydata-yeouido-poi072.json",
            "POI095": "citydata-banpo-no-match.json",
            "POI103": "citydata-yanghwa-xml.json",
        ])
        defer { seoul.stop() }
        let clock = TestClock.clock(Self.instant, since: since)
        let server = try await TestBackend.start {
            $0.source = .seoul(key: "test-key", baseURL: seoul.baseURL)
            $0.now = clock.now
        }
        defer { Task { await server.stop() } }
        await server.backend.collector.collectAll()
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let common = ["--state-dir", dir.path, "--api", server.baseURL, "--lang", "en"]

        let parking = try await run(["parking", "yeouido"] + common)
        #expect(parking.status == 0, "\(parking.stderr)")
        let rows = parking.stdout.split(separator: "\n").map(String.init)
        let lot2 = try #require(rows.first { $0.contains("Yeouido Lot 2") })
        #expect(
            lot2.contains("—/176") && lot2.contains("08-20"), "a year-old row is no count, and shows its day: \(lot2)")
        #expect(
            rows.first { $0.contains("Yeouido Lot 3") }?.contains("800/800") == true,
            "the feed's capacity: \(parking.stdout)")
        #expect(rows.first { $0.contains("Yeouido Lot 4") }?.contains("full") == true)

        let home = try await run(["home", "yeouido"] + common)
        #expect(home.stdout.contains("Roads") && home.stdout.contains("slow · 18 km/h"), "\(home.stdout)")
        #expect(home.stdout.contains("On arrival") && home.stdout.contains("rain 60%"), "\(home.stdout)")
        #expect(home.stdout.contains("한강 여름 달빛 축제 08-18–08-28"), "\(home.stdout)")
        #expect(home.stdout.contains("parking fresh") && home.stdout.contains("crowd fresh"))

        let forecast = try await run(["forecast", "yeouido"] + common)
        #expect(forecast.stdout.contains("Seoul's crowd forecast"), "\(forecast.stdout)")

        let banpo = try await run(["parking", "banpo"] + common)
        #expect(banpo.stdout.contains("none of its 2 rows matched a lot"), "\(banpo.stdout)")
        #expect(
            banpo.stdout.contains("rows matching no lot:") && banpo.stdout.contains("반포자이 공영주차장, 고속터미널 주차장"),
            "\(banpo.stdout)")
        #expect(banpo.stdout.contains("parking: unavailable"), "\(banpo.stdout)")
        let banpoHome = try await run(["home", "banpo", "--json"] + common)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(banpoHome.stdout.utf8)) as? [String: Any])
        let sources =
            (((object["data"] as? [String: Any])?["freshness"] as? [String: Any])?["sources"] as? [[String: Any]]) ?? []
        #expect(sources.first { $0["source"] as? String == "parking" }?["state"] as? String == "unavailable")

        let yanghwa = try await run(["parking", "yanghwa"] + common)
        #expect(
            yanghwa.stdout.split(separator: "\n").first { $0.contains("Yanghwa Lot 3") }?.contains("300/382") == true,
            "\(yanghwa.stdout)")
    }

    /// The embedded backend with a key calls Seoul only for the park asked for (its two areas), once a minute at most,
    /// and `doctor` names a refused key.
    @Test func theEmbeddedBackendSpendsTheKeyOnlyOnTheParkAskedFor() async throws {
        let seoul = try SeoulStandIn(fixtures: [
            "POI105": "citydata-yeouido-poi105.json", "POI072": "citydata-yeouido-poi072.json",
        ])
        defer { seoul.stop() }
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = [
            "SEOUL_OPEN_DATA_KEY": "test-key", "SEOUL_OPEN_DATA_URL": seoul.baseURL, "XDG_CONFIG_HOME": dir.path,
        ]
        let first = try await run(["home", "yeouido", "--json", "--state-dir", dir.path], env)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(seoul.totalCalls == 2 && seoul.calls("POI105") == 1 && seoul.calls("POI072") == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect(object["simulated"] as? Bool == false)
        let history = dir.appendingPathComponent("history-seoul.sqlite")
        #expect(FileManager.default.fileExists(atPath: history.path))
        let mode = try FileManager.default.attributesOfItem(atPath: history.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        try seoul.serve("POI085", fixture: "citydata-info-100.json")
        let doctor = try await run(["doctor", "--state-dir", dir.path, "--lang", "en"], env)
        #expect(doctor.stdout.contains("Seoul refused the Open Data key"), "\(doctor.stdout)")
        #expect(seoul.calls("POI085") == 1)
    }

    /// A row Seoul sent that could not be read is named by `doctor` with its park and source, and the rest shown.
    @Test func doctorNamesTheRowsSeoulSentThatCouldNotBeRead() async throws {
        // 강서 (the park doctor asks for first) answering with Yeouido's sections and one 따릉이 station in Busan.
        let body = try SeoulStandIn.fixture("citydata-yeouido-poi105.json")
        var object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        var city = try #require(object["CITYDATA"] as? [String: Any])
        city["AREA_CD"] = "POI085"
        city["AREA_NM"] = "강서한강공원"
        var bikes = try #require(city["SBIKE_STTS"] as? [[String: Any]])
        bikes.append(["SBIKE_SPOT_NM": "9999. 부산역", "SBIKE_X": "129.04", "SBIKE_Y": "35.11"])
        city["SBIKE_STTS"] = bikes
        object["CITYDATA"] = city
        let seoul = try SeoulStandIn(fixtures: [:])
        defer { seoul.stop() }
        seoul.serve("POI085", body: try JSONSerialization.data(withJSONObject: object))
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = [
            "SEOUL_OPEN_DATA_KEY": "test-key", "SEOUL_OPEN_DATA_URL": seoul.baseURL, "XDG_CONFIG_HOME": dir.path,
        ]
        let doctor = try await run(["doctor", "--state-dir", dir.path, "--lang", "en"], env)
        #expect(
            doctor.stdout.contains("Seoul rows left out as unreadable: 1 (gangseo bikes 1)"),
            "\(doctor.stdout)")
        let outing = try await run(["outing", "gangseo", "--state-dir", dir.path, "--lang", "en"], env)
        #expect(outing.stdout.contains("한강공원 여의도나들목 12 bikes"), "\(outing.stdout)")
    }

    @Test func keySetReadsStandardInputAndWritesTheConfigReadableOnlyByItsOwner() async throws {
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = Self.app
        process.arguments = ["key", "set", "--lang", "en"]
        process.environment = ["XDG_CONFIG_HOME": dir.path, "HOME": dir.path, "PATH": "/usr/bin:/bin"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("  secret-key-123  \n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let config = dir.appendingPathComponent("hangangjari/config.toml")
        #expect(try String(contentsOf: config, encoding: .utf8) == "seoul_key = \"secret-key-123\"\n")
        #expect(try FileManager.default.attributesOfItem(atPath: config.path)[.posixPermissions] as? Int == 0o600)
        let removed = try await WidgetBinaryTests.runAsync(
            ["key", "remove", "--lang", "en"], environment: ["XDG_CONFIG_HOME": dir.path], binary: Self.app)
        #expect(removed.status == 0 && removed.stdout.contains("removed"))
        #expect(
            try String(contentsOf: config, encoding: .utf8) == "\n"
                || (try String(contentsOf: config, encoding: .utf8)).isEmpty)
    }

    /// A key with a `#`, a quote and a backslash, saved by `key set`, reaches Seoul unchanged (the hand-written reader
    /// cut it at the `#` and kept the escapes).
    @Test func aKeyWithTOMLSpecialCharactersReachesSeoulUnchanged() async throws {
        let seoul = try SeoulStandIn(fixtures: [
            "POI105": "citydata-yeouido-poi105.json", "POI072": "citydata-yeouido-poi072.json",
        ])
        defer { seoul.stop() }
        let dir = stateDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let key = #"abc#def"g\h"#
        let set = try await WidgetBinaryTests.runAsync(
            ["key", "set", "--lang", "en"], environment: ["XDG_CONFIG_HOME": dir.path], binary: Self.app,
            input: key + "\n")
        #expect(set.status == 0, "\(set.stderr)")
        let home = try await run(
            ["home", "yeouido", "--json", "--state-dir", dir.path],
            ["SEOUL_OPEN_DATA_URL": seoul.baseURL, "XDG_CONFIG_HOME": dir.path])
        #expect(home.status == 0, "\(home.stderr)")
        #expect(seoul.keysSeen == [key])
    }
}
