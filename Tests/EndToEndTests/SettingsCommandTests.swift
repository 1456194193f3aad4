import Foundation
import Models
import Storage
import TestFixtures
import TestSupport
import Testing

/// Every setting has a command, every binary says its version, `doctor --json` answers, and alerts count only when
/// shown: the real binaries, with real files and a stand-in `notify-send` on PATH.
@Suite(.serialized) struct SettingsCommandTests {
    static let app = Binaries.url("hangangjari")

    /// A state directory and a config directory of the test's own (the config file is never shared between tests).
    struct Home {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hj-settings-e2e-\(UUID().uuidString)")
        var state: URL { root.appendingPathComponent("state") }
        var environment: [String: String] {
            [
                "HANGANGJARI_STATE_DIR": state.path, "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
                "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            ]
        }
    }

    func run(_ home: Home, _ arguments: [String], binary: URL = app, extra: [String: String] = [:]) async throws
        -> WidgetBinaryTests.Run
    {
        try await WidgetBinaryTests.runAsync(
            arguments, environment: home.environment.merging(extra) { $1 }, binary: binary)
    }

    /// With `language = "ko"` in config.toml and nothing else naming a language, the app, both halves of the widget
    /// and `settings` speak Korean, and `settings` says the language came from config.toml; `--lang` still wins.
    @Test func aLanguageInConfigTomlIsEveryBinarysLanguage() async throws {
        let home = Home()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let config = home.root.appendingPathComponent("config/hangangjari/config.toml")
        try FileManager.default.createDirectory(
            at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("language = \"ko\"\n".utf8).write(to: config)
        let clock = TestClock.environment()
        let screen = try await run(home, ["home", "yeouido"], extra: clock)
        #expect(screen.status == 0 && screen.stdout.contains("여의도"), "\(screen.stdout)\(screen.stderr)")
        let listed = try await run(home, ["settings"])
        #expect(listed.stdout.contains("ko (config.toml에서)"), "\(listed.stdout)")
        let json = try await run(home, ["settings", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["language"] as? String == "ko" && object["languageSource"] as? String == "config.toml")
        let widget = Binaries.url("hangangjari-widget")
        // The first run fetches (the fetching half); the second finds its snapshot fresh, and either way the language
        // is config.toml's.
        for _ in 0..<2 {
            let line = try await run(home, ["--kind", "parking", "--park", "yeouido"], binary: widget, extra: clock)
            #expect(line.status == 0 && line.stdout.contains("여의도"), "\(line.stdout)\(line.stderr)")
        }
        let english = try await run(home, ["--kind", "parking", "--park", "yeouido", "--lang", "en"], binary: widget)
        #expect(english.stdout.contains("Yeouido"), "\(english.stdout)\(english.stderr)")
    }

    @Test func aHandEditedFileNamesItsBadField() async throws {
        let home = Home()
        defer { try? FileManager.default.removeItem(at: home.root) }
        try FileManager.default.createDirectory(at: home.state, withIntermediateDirectories: true)
        let settings = home.state.appendingPathComponent("settings.json")
        try Data(
            #"{"favorites":["banpo"],"alertThresholds":{"banpo-1":100,"banpo-9":10},"ambiguousWidth":"triple"}"#.utf8
        ).write(to: settings)
        let listed = try await run(home, ["alerts", "--lang", "en"])
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("Banpo Lot 1 (banpo-1)"))
        #expect(listed.stderr.contains("alertThresholds.banpo-9: no lot or park has this id"), "\(listed.stderr)")
        #expect(listed.stderr.contains("ambiguousWidth: not a width (single or double)"), "\(listed.stderr)")
        let widget = try await run(
            home, ["--format", "text", "--api", "http://127.0.0.1:9", "--deadline", "2"],
            binary: Binaries.url("hangangjari-widget"))
        #expect(widget.stderr.contains("alertThresholds.banpo-9"), "\(widget.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: home.state.path).allSatisfy { !$0.contains("corrupt") })
    }

    @Test func everyBinarySaysTheSameVersion() async throws {
        let home = Home()
        for name in ["hangangjari", "hangangjari-widget", "hangangjari-server"] {
            let run = try await run(home, ["--version"], binary: Binaries.url(name))
            #expect(
                run.status == 0 && run.stdout == ProductVersion.current + "\n", "\(name): \(run.stdout) \(run.stderr)")
        }
    }

    /// A `notify-send` that fails as it does under cron (no D-Bus session), then one that works and logs each call.
    func notifier(in directory: URL, working: Bool, log: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script =
            working
            ? "echo \"$@\" >> '\(log.path)'\n"
            : "echo 'Cannot autolaunch D-Bus without X11 $DISPLAY' >&2\nexit 1\n"
        try ExecutableFile.script(script, at: directory.appendingPathComponent("notify-send"))
    }

    @Test func anAlertCountsOnlyWhenShownAndDoctorReportsOneThatWasNot() async throws {
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let home = Home()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let bin = home.root.appendingPathComponent("bin")
        let log = home.root.appendingPathComponent("shown.log")
        // A threshold above any lot's capacity: due whenever the lot has a live count.
        #expect(try await run(home, ["alerts", "set", "yeouido", "100000"]).status == 0)
        let path = ["PATH": "\(bin.path):/usr/bin:/bin"]
        let widget = Binaries.url("hangangjari-widget")
        let arguments = [
            "--park", "yeouido", "--api", server.baseURL, "--max-age", "0", "--lang", "en", "--deadline", "20",
        ]
        try notifier(in: bin, working: false, log: log)
        let failed = try await run(home, arguments, binary: widget, extra: path)
        #expect(failed.stderr.contains("alert not shown, kept for the next run"), "\(failed.stderr)")
        #expect(failed.stderr.contains("Cannot autolaunch D-Bus"))
        let doctor = try await run(home, ["doctor", "--json", "--api", server.baseURL, "--lang", "en"])
        let checks = try #require(
            (try JSONSerialization.jsonObject(with: Data(doctor.stdout.utf8)) as? [String: Any])?["checks"]
                as? [[String: Any]])
        let alerts = try #require(checks.first { $0["check"] as? String == "alerts" })
        #expect(alerts["status"] as? String == "warning")
        #expect((alerts["detail"] as? String)?.contains("D-Bus") == true, "\(alerts)")
        try notifier(in: bin, working: true, log: log)
        _ = try await run(home, arguments, binary: widget, extra: path)
        _ = try await run(home, arguments, binary: widget, extra: path)
        let shown = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(shown.count == 1 && shown.first?.contains("Yeouido: ") == true, "\(shown)")
        let after = try await run(home, ["doctor", "--json", "--api", server.baseURL])
        #expect(
            after.stdout.contains(#""check":"alerts","detail":"on, 1 thresholds","status":"ok""#), "\(after.stdout)")
    }

    @Test func statusBarsGetNothingOnStderrAndTheMessageIsLogged() async throws {
        let home = Home()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let widget = Binaries.url("hangangjari-widget")
        for format in ["waybar", "polybar", "i3blocks", "tmux", "argos"] {
            let run = try await run(
                home, ["--format", format, "--api", "http://127.0.0.1:9", "--deadline", "3", "--lang", "en"],
                binary: widget)
            #expect(run.stderr.isEmpty, "\(format): \(run.stderr)")
            #expect(!run.stdout.isEmpty && run.status == 0, "\(format)")
        }
        let text = try await run(
            home, ["--format", "text", "--api", "http://127.0.0.1:9", "--deadline", "3", "--lang", "en"], binary: widget
        )
        #expect(text.stderr.contains("hangangjari-widget: "), "text keeps its messages on stderr")
        let logged = try String(contentsOf: home.state.appendingPathComponent("widget.log"), encoding: .utf8)
        #expect(logged.split(separator: "\n").count >= 5 && logged.contains("refused the connection"), "\(logged)")
        let mode =
            try FileManager.default.attributesOfItem(atPath: home.state.appendingPathComponent("widget.log").path)[
                .posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func installDesktopWritesTheAbsolutePathWhenRunByNameElsewhere() async throws {
        let home = Home()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let elsewhere = home.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "cd '\(elsewhere.path)' && hangangjari install-desktop"]
        var environment = home.environment
        environment["HOME"] = home.root.path
        environment["PATH"] = Self.app.deletingLastPathComponent().path + ":/usr/bin:/bin"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let entry = try String(
            contentsOf: home.root.appendingPathComponent("data/applications/hangangjari.desktop"), encoding: .utf8)
        let exec = try #require(entry.split(separator: "\n").first { $0.hasPrefix("Exec=") })
        let expected = Self.app.resolvingSymlinksInPath().path
        #expect(exec.contains(expected) && !exec.contains(elsewhere.path), "\(exec)")
    }
}
