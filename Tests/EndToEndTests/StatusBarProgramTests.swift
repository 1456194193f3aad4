import Foundation
import Localization
import Models
import TestFixtures
import TestSupport
import Testing

/// The widget inside the real status bars (i3blocks, polybar on Xvfb, waybar in a headless sway, a tmux client on a
/// pty): each shows the line as the widget meant it, without a markup or exit-code error, and keeps the last value
/// when offline. Each test also feeds its bar one deliberately bad line, so that it is known that the bar would
/// have complained.
@Suite(.serialized) struct StatusBarProgramTests {
    static let eventTitle = PublicText(ko: "음악 & 푸드 <야시장>", en: "Music & Food <Night Market>")

    /// The widget's own output for a script, run directly: what the bar is expected to show.
    func direct(_ script: String) throws -> (status: Int32, lines: [String]) {
        let run = try WidgetBinaryTests.run([], binary: URL(fileURLWithPath: script))
        return (run.status, run.stdout.split(separator: "\n").map(String.init))
    }

    func environment(_ bar: BarWorkspace, _ extra: [String: String] = [:]) -> [String: String] {
        ["PATH": "\(bar.bin.path):/usr/bin:/bin", "HOME": bar.root.path, "LANG": "C.UTF-8"].merging(extra) { $1 }
    }

    @Test(.enabled(if: BackgroundProcess.installed("i3blocks"), "i3blocks is not installed"))
    func i3blocksShowsTheLineKeepsTheLastValueOfflineAndMarksUrgency() async throws {
        let bar = try BarWorkspace()
        defer { bar.remove() }
        try bar.writeSnapshots(builtAt: TestClock.now())
        try bar.writeSnapshots(park: "banpo", builtAt: TestClock.now().addingTimeInterval(-7200))
        let blocks = [
            "fresh": try bar.widgetScript("fresh", "--park yeouido --format i3blocks --max-age 3600"),
            "offline": try bar.widgetScript("offline", "--park banpo --format i3blocks"),
            "urgent": try bar.widgetScript(
                "urgent", "--park yeouido --format i3blocks --max-age 3600 --urgent-below 100000"),
            "control": try bar.executable("control", "echo control; exit 3\n").path,
        ]
        let config = blocks.sorted { $0.key < $1.key }.map { "[\($0.key)]\ncommand=\($0.value)\ninterval=once\n" }
            .joined()
        let configURL = bar.root.appendingPathComponent("i3blocks.conf")
        try Data(config.utf8).write(to: configURL)
        let i3blocks = try BackgroundProcess(
            ["/usr/bin/i3blocks", "-c", configURL.path], environment: environment(bar),
            output: bar.root.appendingPathComponent("i3blocks.out"))
        defer { i3blocks.stop() }
        let names = ["fresh", "offline", "urgent"].map { #""name":"\#($0)""# }
        let output = try #require(
            try await i3blocks.waitFor { text in
                text.contains("[control] bad exit code 3") && names.allSatisfy { text.contains($0) }
            }, "i3blocks output: \(i3blocks.text)")
        for name in ["fresh", "offline", "urgent"] {
            #expect(!output.contains("[\(name)]"), "i3blocks reported an error: \(output)")
        }
        let line = try #require(
            output.split(separator: "\n").last { $0.hasPrefix(",[") && names.allSatisfy($0.contains) })
        let shown = try #require(
            try JSONSerialization.jsonObject(with: Data(line.dropFirst().utf8)) as? [[String: Any]])
        func block(_ name: String) -> [String: Any]? { shown.first { $0["name"] as? String == name } }

        let fresh = try direct(try #require(blocks["fresh"]))
        #expect(block("fresh")?["full_text"] as? String == fresh.lines.first)
        #expect(block("fresh")?["urgent"] == nil)
        let offline = try direct(try #require(blocks["offline"]))
        #expect(offline.status == 0)
        #expect(block("offline")?["full_text"] as? String == offline.lines.first)
        #expect(offline.lines.first?.contains("212/785") == true, "\(offline.lines)")
        #expect(block("urgent")?["urgent"] as? Bool == true)
    }

    /// The README's tmux lines, word for word, in a real tmux server with an attached client, for both kinds and
    /// both languages: a headline with `#`, `%` (and Hangul) shows whole (no `##`, no `%%`, nothing cut by tmux's
    /// default `status-right-length`).
    @Test(
        .enabled(if: Tmux.available, "tmux is not installed"), arguments: ["parking", "general"], [Language.en, .ko])
    func theREADMEsTmuxLineShowsTheWholeHeadline(_ kind: String, _ language: Language) async throws {
        let readme = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n").filter { $0.hasPrefix("tmux (") || $0.contains("status-right") }
            .flatMap { line in line.split(separator: "`").filter { $0.hasPrefix("set -g ") }.map(String.init) }
        #expect(lines.contains { $0.hasPrefix("set -g status-right '#(hangangjari-widget ") }, "\(lines)")
        let config = lines.map { $0.replacing("--kind parking", with: "--kind \(kind)") }.joined(separator: "\n")

        let bar = try BarWorkspace()
        defer { bar.remove() }
        try bar.writeSnapshots(builtAt: TestClock.now()) {
            $0.parkNameKo = "여의도 #1 50%"
            $0.parkNameEn = "Yeo #1 50%"
        }
        var environment = TestClock.environment().merging(SanitizerOptions.environment) { $1 }
        environment["PATH"] = "\(bar.bin.path):/usr/bin:/bin"
        environment["LANG"] = language == .ko ? "ko_KR.UTF-8" : "C.UTF-8"
        environment["HANGANGJARI_STATE_DIR"] = bar.stateDir.path
        environment["HANGANGJARI_API"] = "http://127.0.0.1:9"
        let exports = environment.sorted { $0.key < $1.key }.map { "export \($0.key)='\($0.value)'" }
        let direct = try bar.executable(
            "direct", exports.joined(separator: "\n") + "\nexec hangangjari-widget --kind \(kind) --format tmux\n")
        let line = try #require(try self.direct(direct.path).lines.first)
        let expected = line.replacingOccurrences(of: #"#\[[^\]]*\]"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "##", with: "#")
        #expect(expected.contains(language == .ko ? "여의도 #1 50%" : "Yeo #1 50%"), "\(line)")

        let inner = Tmux()
        let outer = Tmux()
        defer {
            outer.kill()
            inner.kill()
        }
        try inner.start(width: 80, height: 10)
        for (name, value) in environment { try inner.run(["set-environment", "-g", name, value]) }
        try inner.run(["set", "-g", "status-interval", "1"])
        let file = bar.root.appendingPathComponent("tmux.conf")
        try Data((config + "\n").utf8).write(to: file)
        try inner.run(["source-file", file.path])
        try outer.start(width: 80, height: 12)
        try outer.type("TMUX= tmux -u -L \(inner.socket) attach -t main")
        let screen = try await outer.waitFor(expected, timeout: 20)
        #expect(screen != nil, "\((try? outer.screen())?.joined(separator: "\n") ?? "")")
        let status = screen?.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        #expect(status.trimmingCharacters(in: .whitespaces).hasSuffix(expected), "\(status)")
        #expect(!status.contains("%%") && !status.contains("##"), "\(status)")
    }

    @Test(
        .enabled(
            if: ["polybar", "Xvfb", "xdotool"].allSatisfy(BackgroundProcess.installed),
            "polybar, Xvfb or xdotool is not installed"))
    func polybarDrawsTheLineWithoutErrorsAndItsClickOpensThePark() async throws {
        let bar = try BarWorkspace()
        defer { bar.remove() }
        try bar.writeSnapshots(builtAt: TestClock.now()) { $0.general?.events = [Self.eventTitle] }
        let script = try bar.widgetScript("polybar", "--park yeouido --format polybar --max-age 3600")
        let control = try bar.executable("control", "printf '%s\\n' 'control %{Q}'\n").path
        let display = Int.random(in: 300..<900)
        let xvfb = try BackgroundProcess(
            ["/usr/bin/Xvfb", ":\(display)", "-screen", "0", "640x120x24", "-nolisten", "tcp"],
            environment: environment(bar), output: bar.root.appendingPathComponent("xvfb.out"))
        defer { xvfb.stop() }
        let socket = "/tmp/.X11-unix/X\(display)"
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) {
            try await Task.sleep(for: .milliseconds(50))
        }
        let config = """
            [bar/hangang]
            width = 100%
            height = 24
            modules-left = hangang control

            [module/hangang]
            type = custom/script
            exec = \(script)
            interval = 60

            [module/control]
            type = custom/script
            exec = \(control)
            interval = 60

            """
        let configURL = bar.root.appendingPathComponent("polybar.ini")
        try Data(config.utf8).write(to: configURL)
        let env = environment(bar, ["DISPLAY": ":\(display)"])
        let polybar = try BackgroundProcess(
            ["/usr/bin/polybar", "-c", configURL.path, "-l", "info", "hangang"], environment: env,
            output: bar.root.appendingPathComponent("polybar.out"))
        defer { polybar.stop() }
        let log = try #require(
            try await polybar.waitFor { $0.contains("Unrecognized formatting tag '%{Q}'") },
            "polybar log: \(polybar.text)")
        let errors = log.split(separator: "\n").filter { $0.contains("error") && !$0.contains("%{Q") }
        #expect(errors.isEmpty, "\(errors)")

        // The control module's line can be drawn before the widget's (a busy machine): a click there finds no
        // input area ("No matching input area found") and does nothing, so click again until the park opens.
        var opened: String?
        for _ in 0..<15 where opened == nil {
            try BackgroundProcess.run(["/usr/bin/xdotool", "mousemove", "4", "12", "click", "1"], environment: env)
            for _ in 0..<40 where opened == nil {
                try await Task.sleep(for: .milliseconds(50))
                opened = (try? String(contentsOf: bar.opened, encoding: .utf8)).flatMap {
                    $0.hasSuffix("\n") ? $0 : nil
                }
            }
        }
        #expect(opened == "hangangjari://park/yeouido/parking\n", "\(polybar.text)")
    }

    @Test(
        .enabled(
            if: ["sway", "waybar", "python3"].allSatisfy(BackgroundProcess.installed), "sway or waybar is not installed"
        ))
    func waybarShowsTitlesWithSignsWithoutMarkupErrors() async throws {
        let bar = try BarWorkspace()
        defer { bar.remove() }
        try bar.writeSnapshots(builtAt: TestClock.now()) {
            $0.general?.events = [Self.eventTitle]
            $0.parkNameEn = "Yeouido \"A&B\""
        }
        let general = try bar.widgetScript("general", "--kind general --park yeouido --format waybar --max-age 3600")
        let parking = try bar.widgetScript("parking", "--park yeouido --format waybar --max-age 3600")
        // Waybar parses a tooltip only when the pointer rests on it, which a headless seat has no way to do: this
        // block shows the tooltip as the text, through the same Pango parser.
        let moveTooltip = #"import json, sys; o = json.load(sys.stdin); o["text"] = o["tooltip"]; print(json.dumps(o))"#
        let tooltip = try bar.executable("tooltip", "'\(general)' | python3 -c '\(moveTooltip)'\n").path
        let control = try bar.executable("control", "printf '%s\\n' '{\"text\":\"control & co\"}'\n").path
        #expect(try direct(general).lines.first?.contains("Music &amp; Food &lt;Night Market&gt;") == true)

        let runtime = bar.root.appendingPathComponent("run")
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let swayConfig = bar.root.appendingPathComponent("sway.conf")
        try Data("output HEADLESS-1 resolution 1024x768\n".utf8).write(to: swayConfig)
        let modules = ["general": general, "parking": parking, "tooltip": tooltip, "control": control]
        let waybarConfig: [String: Any] = [
            "layer": "top",
            "modules-left": modules.keys.sorted().map { "custom/\($0)" },
        ].merging(modules.map { ("custom/\($0.key)", ["exec": $0.value, "return-type": "json", "interval": "once"]) }) {
            $1
        }
        let waybarConfigURL = bar.root.appendingPathComponent("waybar.json")
        try JSONSerialization.data(withJSONObject: waybarConfig).write(to: waybarConfigURL)
        try bar.handOver()

        let env = environment(
            bar,
            [
                "XDG_RUNTIME_DIR": runtime.path, "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1",
                "WLR_RENDERER": "pixman",
            ])
        let sway = try BackgroundProcess(
            BarWorkspace.unprivileged(["/usr/bin/sway", "-c", swayConfig.path]), environment: env,
            output: bar.root.appendingPathComponent("sway.out"))
        defer { sway.stop() }
        var wayland: String?
        for _ in 0..<100 where wayland == nil {
            wayland = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path))?.first {
                $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock")
            }
            if wayland == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        let display = try #require(wayland, "sway did not start: \(sway.text)")
        let waybar = try BackgroundProcess(
            BarWorkspace.unprivileged(["/usr/bin/waybar", "-c", waybarConfigURL.path, "-l", "debug"]),
            environment: env.merging(["WAYLAND_DISPLAY": display]) { $1 },
            output: bar.root.appendingPathComponent("waybar.out"))
        defer { waybar.stop() }
        let log = try #require(
            try await waybar.waitFor { text in
                text.contains("Bar configured") && text.contains("Failed to set text 'control & co'")
                    && text.components(separatedBy: "Cmd exited with code 0").count > modules.count
            }, "waybar log: \(waybar.text)")
        let failures = log.split(separator: "\n").filter {
            $0.contains("Failed to set") && !$0.contains("control & co")
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
