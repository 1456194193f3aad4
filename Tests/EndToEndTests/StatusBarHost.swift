import Foundation
import Models
import Storage
import TestFixtures
import TestSupport
import WidgetSnapshot

#if canImport(Glibc)
    import Glibc
#endif

/// What a status bar runs, set up as a user would: the two widget binaries side by side (linked from the build), a state directory with
/// snapshots, and one script per block that runs the widget on the pinned clock. Under root everything belongs to
/// `nobody`, because sway refuses to start as root and the bar must be able to run the widget and write its log.
struct BarWorkspace {
    static let nobody: UInt32 = 65534
    static var asRoot: Bool { getuid() == 0 }

    let root = FileManager.default.temporaryDirectory.appendingPathComponent("hj-bar-\(UUID().uuidString.prefix(8))")
    var bin: URL { root.appendingPathComponent("bin") }
    var stateDir: URL { root.appendingPathComponent("state") }
    /// Where the `xdg-open` stand-in writes the link it was given.
    var opened: URL { root.appendingPathComponent("opened") }

    init() throws {
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // Links, not copies: two debug binaries are about 100 MB each, and copying them for every test loaded the
        // machine enough to time out other suites running beside these.
        for name in ["hangangjari-widget", "hangangjari"] {
            try FileManager.default.createSymbolicLink(
                at: bin.appendingPathComponent(name), withDestinationURL: Binaries.url(name))
        }
        try executable("xdg-open", "printf '%s\\n' \"$*\" > '\(opened.path)'\n")
    }

    /// The yeouido snapshots of both kinds, built at `builtAt` and changed by `edit`, as if a run had written them.
    func writeSnapshots(park: ParkID = "yeouido", builtAt: Date, _ edit: (inout WidgetSnapshot) -> Void = { _ in })
        throws
    {
        let summary = try Fixtures.homeSummary()
        let store = SnapshotStore(container: SharedContainer(url: stateDir))
        for kind in WidgetKind.allCases {
            var snapshot = SnapshotBuilder.build(kind, from: summary, now: builtAt)
            snapshot.parkId = park
            edit(&snapshot)
            try store.write(snapshot)
        }
    }

    /// A script that runs the widget with `arguments` (plus the state directory, a dead API and the pinned clock);
    /// returns its path, which goes into the bar's configuration as the command.
    func widgetScript(_ name: String, _ arguments: String) throws -> String {
        let clock = TestClock.shellAssignment()
        let sanitizers = SanitizerOptions.shellAssignments
        let command =
            "exec '\(bin.path)/hangangjari-widget' --state-dir '\(stateDir.path)' --api http://127.0.0.1:9 --deadline 2 \(arguments)"
        return try executable(name, "export LANG=C.UTF-8 \(clock) \(sanitizers)\n\(command)\n").path
    }

    /// Writes an executable shell script into `bin`.
    @discardableResult
    func executable(_ name: String, _ body: String) throws -> URL {
        let url = bin.appendingPathComponent(name)
        try ExecutableFile.script(body, at: url)
        return url
    }

    /// Under root, gives the whole workspace to `nobody`.
    func handOver() throws {
        guard Self.asRoot else { return }
        try BackgroundProcess.run(["/bin/chown", "-R", "\(Self.nobody):\(Self.nobody)", root.path])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// `argv` as `nobody` under root (through util-linux's `setpriv`), as it is otherwise.
    static func unprivileged(_ argv: [String]) -> [String] {
        asRoot ? ["/usr/bin/setpriv", "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups"] + argv : argv
    }
}

/// A program left running while a test watches what it writes (to a file, so that nothing blocks on a full pipe).
final class BackgroundProcess {
    let process = Process()
    let output: URL

    init(_ argv: [String], environment: [String: String], output: URL) throws {
        self.output = output
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.executableURL = URL(fileURLWithPath: argv[0])
        process.arguments = Array(argv.dropFirst())
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()
    }

    /// Everything the program wrote so far.
    var text: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

    /// Waits until `condition` holds for the output; returns it, or nil after `timeout` seconds.
    func waitFor(timeout: Double = 20, _ condition: (String) -> Bool) async throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let text = text
            if condition(text) { return text }
            if !process.isRunning { return condition(self.text) ? self.text : nil }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        for _ in 0..<20 where process.isRunning { usleep(50_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Runs a short command to its end; throws when it fails.
    static func run(_ argv: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: argv[0])
        process.arguments = Array(argv.dropFirst())
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: ["argv": argv.joined(separator: " ")])
        }
    }

    /// Whether `name` is an installed program.
    static func installed(_ name: String) -> Bool {
        ["/usr/bin", "/usr/local/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }
}
