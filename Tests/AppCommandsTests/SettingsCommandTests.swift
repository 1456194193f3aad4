import Foundation
import Models
import TestFixtures
import TestSupport
import Testing

/// Settings and alerts set by commands and read back, the ambiguous width, and `doctor --json`: in process, with
/// real files in a directory of the test's own.
struct SettingsCommandTests {
    /// A state directory and a config directory of the test's own (the config file is never shared between tests).
    struct Home {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hj-settings-\(UUID().uuidString)")
        var state: URL { root.appendingPathComponent("state") }
        var environment: [String: String] {
            [
                "HANGANGJARI_STATE_DIR": state.path, "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
                "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            ]
        }
    }

    func run(_ home: Home, _ arguments: [String], extra: [String: String] = [:]) async -> AppRun {
        await AppRun.run(arguments, environment: home.environment.merging(extra) { $1 })
    }

    @Test func alertsAndSettingsAreSetByCommandsAndReadBack() async throws {
        let home = Home()
        defer { try? FileManager.default.removeItem(at: home.root) }
        #expect(
            await run(home, ["alerts", "set", "반포", "200", "--lang", "en"]).stdout.contains(
                "Banpo (banpo, all lots) has fewer than 200"))
        #expect(await run(home, ["alerts", "set", "yeouido-3", "50"]).status == 0)
        #expect(await run(home, ["alerts", "quiet", "22:00", "07:00"]).status == 0)
        #expect(await run(home, ["alerts", "off"]).status == 0)
        #expect(await run(home, ["settings", "language", "ko"]).status == 0)
        #expect(await run(home, ["settings", "api", "http://127.0.0.1:9"]).status == 0)
        #expect(await run(home, ["settings", "strict-signing", "on"]).status == 0)
        #expect(await run(home, ["settings", "ambiguous-width", "double"]).status == 0)
        #expect(await run(home, ["settings", "ambiguous-width", "triple"]).status == ExitStatus.usage)
        let file = try String(contentsOf: home.state.appendingPathComponent("settings.json"), encoding: .utf8)
        #expect(file.contains(#""alertThresholds":{"banpo":200,"yeouido-3":50}"#), "\(file)")
        let json = await run(home, ["settings", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["alertsEnabled"] as? Bool == false)
        #expect(object["quietFrom"] as? String == "22:00" && object["language"] as? String == "ko")
        #expect(object["api"] as? String == "http://127.0.0.1:9" && object["strictSigning"] as? Bool == true)
        #expect(object["version"] as? String == ProductVersion.current)
        #expect(object["ambiguousWidth"] as? String == "double")
        let listed = await run(home, ["alerts"])
        #expect(listed.stdout.contains("알림: 꺼짐") && listed.stdout.contains("여의도3주차장 (yeouido-3)"), "\(listed.stdout)")
        // Wrong values are refused with the cause, as usage errors.
        let unknown = await run(home, ["alerts", "set", "nowhere", "3", "--lang", "en"])
        #expect(unknown.status == ExitStatus.usage && unknown.stderr.contains("Unknown park 'nowhere'"))
        let badTime = await run(home, ["alerts", "quiet", "25:00", "07:00", "--lang", "en"])
        #expect(badTime.status == ExitStatus.usage && badTime.stderr.contains("'25:00' is not a time"))
        #expect(await run(home, ["settings", "api", "ftp://x"]).status == ExitStatus.usage)
    }

    /// `settings ambiguous-width double`: the printed screen draws narrow stand-ins for the marks such a terminal would
    /// draw in two columns, and its bars in a narrow block.
    @Test func aDoubleWidthTerminalGetsNarrowMarks() async throws {
        let home = Home()
        defer { try? FileManager.default.removeItem(at: home.root) }
        // The embedded backend starts in this process, beside every other suite: a generous deadline.
        let plain = await run(
            home, ["home", "yeouido", "--lang", "en", "--timeout", "60"], extra: TestClock.environment())
        #expect(
            plain.status == 0 && plain.stdout.contains("█") && plain.stdout.contains("·"),
            "\(plain.stdout)\(plain.stderr)")
        #expect(
            await run(home, ["settings", "ambiguous-width", "double", "--lang", "en"]).stdout.contains(
                "Ambiguous-width characters: double"))
        let wide = await run(
            home, ["home", "yeouido", "--lang", "en", "--timeout", "60"], extra: TestClock.environment())
        #expect(wide.status == 0 && wide.stdout.contains("▮") && wide.stdout.contains("∙"), "\(wide.stdout)")
        #expect(!wide.stdout.contains { "·…←→●─°█".contains($0) }, "\(wide.stdout)")
    }

    @Test func doctorAnswersInJSON() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let home = Home()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let run = await run(home, ["doctor", "--json", "--api", server.baseURL])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(
            Set(checks.compactMap { $0["check"] as? String }).isSuperset(of: [
                "backend", "settings", "alerts", "cache", "api", "token",
            ]))
        #expect(["ok", "warning"].contains(object["status"] as? String))
    }

    /// The Seoul key comes from standard input (never argv, which `ps` shows), trimmed, into config.toml; an empty
    /// line is a usage error and writes nothing.
    @Test func theSeoulKeyIsReadFromStandardInput() async throws {
        let home = Home()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let empty = await AppRun.run(["key", "set", "--lang", "en"], environment: home.environment, input: [" "])
        #expect(empty.status == ExitStatus.usage, "\(empty.stderr)")
        let file = home.root.appendingPathComponent("config/hangangjari/config.toml")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let saved = await AppRun.run(["key", "set", "--lang", "en"], environment: home.environment, input: [" k3y "])
        #expect(saved.status == 0 && saved.stdout.contains(file.path), "\(saved.stdout)\(saved.stderr)")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"k3y\"") && !text.contains(" k3y "), "\(text)")
    }
}
