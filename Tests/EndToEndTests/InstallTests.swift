import Foundation
import Models
import TestFixtures
import TestSupport
import Testing

/// `Tools/install` into a temporary prefix with the test build's binaries, then the installed binaries are run,
/// their completions asked for park ids and widget formats, and `--uninstall` takes everything away again.
@Suite(.serialized) struct InstallTests {
    struct Sandbox {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hj-install-\(UUID().uuidString)")
        var prefix: URL { root.appendingPathComponent("prefix") }
        var environment: [String: String] {
            [
                "HOME": root.appendingPathComponent("home").path,
                "XDG_DATA_HOME": root.appendingPathComponent("data").path,
                "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
                "XDG_STATE_HOME": root.appendingPathComponent("state").path,
                "PATH": "/usr/bin:/bin",
            ]
        }
        func file(_ path: String) -> URL { prefix.appendingPathComponent(path) }
    }

    static let script = Fixtures.repositoryRoot.appendingPathComponent("Tools/install")

    func install(_ sandbox: Sandbox, _ arguments: [String]) async throws -> WidgetBinaryTests.Run {
        try await WidgetBinaryTests.runAsync(
            [Self.script.path] + arguments, environment: sandbox.environment, binary: URL(fileURLWithPath: "/bin/bash"))
    }

    /// What bash completes after `line` with the installed completion script of `command` (called as bash calls a
    /// `complete -F` function: the command, the current word and the one before).
    func bashCompletions(_ sandbox: Sandbox, command: String, line: String) async throws -> [String] {
        let script = sandbox.file("share/bash-completion/completions/\(command)").path
        let words = line.split(separator: " ").map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(script)'
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(\(words) ''); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _\(command) "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}" 2>/dev/null || true
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let run = try await WidgetBinaryTests.runAsync(
            ["-c", program], environment: sandbox.environment, binary: URL(fileURLWithPath: "/bin/bash"))
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test func installsRunsCompletesAndUninstalls() async throws {
        let sandbox = Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        let built = Binaries.url("hangangjari").deletingLastPathComponent()
        let installed = try await install(sandbox, ["--prefix", sandbox.prefix.path, "--from", built.path])
        try #require(installed.status == 0, "\(installed.stderr)")

        for path in ["bin/hangangjari", "bin/hangangjari-widget", "bin/hangangjari-widget-fetch"] {
            #expect(FileManager.default.isExecutableFile(atPath: sandbox.file(path).path), "\(path)")
        }
        for path in [
            "share/man/man1/hangangjari.1", "share/man/man1/hangangjari-widget.1",
            "share/zsh/site-functions/_hangangjari", "share/fish/vendor_completions.d/hangangjari-widget.fish",
        ] {
            #expect(FileManager.default.fileExists(atPath: sandbox.file(path).path), "\(path)")
        }
        // The units and the desktop handler name the installed binaries, not the build tree.
        let service = try String(
            contentsOf: sandbox.file("share/systemd/user/hangangjari-widget.service"), encoding: .utf8)
        #expect(
            service.contains("ExecStart=\(sandbox.prefix.path)/bin/hangangjari-widget --kind parking"), "\(service)")
        #expect(
            FileManager.default.fileExists(atPath: sandbox.file("share/systemd/user/hangangjari-widget.timer").path))
        let desktop = sandbox.root.appendingPathComponent("data/applications/hangangjari.desktop")
        #expect(
            try String(contentsOf: desktop, encoding: .utf8).contains(
                "Exec=\(sandbox.prefix.path)/bin/hangangjari open %u"))

        // The installed binaries run, the widget's small front finding its fetching half beside it.
        let state = sandbox.root.appendingPathComponent("state/hangangjari").path
        let version = try await WidgetBinaryTests.runAsync(
            ["--version"], environment: sandbox.environment, binary: sandbox.file("bin/hangangjari"))
        #expect(version.stdout.contains(ProductVersion.current))
        let widget = try await WidgetBinaryTests.runAsync(
            ["--kind", "parking", "--park", "반포", "--state-dir", state, "--lang", "en"],
            environment: sandbox.environment,
            binary: sandbox.file("bin/hangangjari-widget"))
        #expect(widget.status == 0 && widget.stdout.contains("Banpo"), "\(widget.stdout) \(widget.stderr)")
        // The fetching half is hangangjari under another name: a link, not a second copy of the backend stack.
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.file("bin/hangangjari-widget-fetch").path)
                == "hangangjari")
        let fetchHelp = try await WidgetBinaryTests.runAsync(
            ["--help"], environment: sandbox.environment, binary: sandbox.file("bin/hangangjari-widget-fetch"))
        #expect(fetchHelp.status == 0 && fetchHelp.stdout.contains("--kind"), "\(fetchHelp.stdout)")

        // Completions offer park ids, alert targets, widget kinds and formats.
        #expect(try await bashCompletions(sandbox, command: "hangangjari", line: "hangangjari home").contains("banpo"))
        #expect(
            try await bashCompletions(sandbox, command: "hangangjari", line: "hangangjari alerts set").contains(
                "yeouido-3"))
        let formats = try await bashCompletions(
            sandbox, command: "hangangjari-widget", line: "hangangjari-widget --format")
        #expect(formats.contains("waybar") && formats.contains("tmux"), "\(formats)")
        #expect(
            try await bashCompletions(sandbox, command: "hangangjari-widget", line: "hangangjari-widget --kind")
                .contains("general"))
        let fish = try String(
            contentsOf: sandbox.file("share/fish/vendor_completions.d/hangangjari.fish"), encoding: .utf8)
        let zsh = try String(contentsOf: sandbox.file("share/zsh/site-functions/_hangangjari-widget"), encoding: .utf8)
        #expect(fish.contains("jamsil") && zsh.contains("polybar"))

        let removed = try await install(sandbox, ["--uninstall", "--prefix", sandbox.prefix.path])
        #expect(removed.status == 0, "\(removed.stderr)")
        let left = (FileManager.default.subpaths(atPath: sandbox.prefix.path) ?? []).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: sandbox.prefix.appendingPathComponent(path).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
        #expect(left.isEmpty, "\(left)")
        #expect(!FileManager.default.fileExists(atPath: desktop.path))
        let mimeapps = try String(
            contentsOf: sandbox.root.appendingPathComponent("config/mimeapps.list"), encoding: .utf8)
        #expect(!mimeapps.contains("x-scheme-handler/hangangjari="))
        // What the user set and saw stays.
        #expect(FileManager.default.fileExists(atPath: state))
    }

    @Test func aPrefixWithoutAnInstallIsTold() async throws {
        let sandbox = Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        let run = try await install(sandbox, ["--uninstall", "--prefix", sandbox.prefix.path])
        #expect(run.status == 1 && run.stderr.contains("nothing installed in"))
        #expect(try await install(sandbox, ["--frobnicate"]).status == 64)
    }
}
