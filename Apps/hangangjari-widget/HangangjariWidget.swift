import ArgumentParser
import Foundation
import WidgetCommandLine
import WidgetSnapshot

#if canImport(Glibc)
import Glibc
#endif

/// The widget command. It serves a fresh snapshot itself (small binary, fast start); otherwise it becomes
/// `hangangjari-widget-fetch`, installed beside it, with the same arguments.
@main
struct HangangjariWidget: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hangangjari-widget", abstract: "One-shot widget loader for cron, systemd timers and status bars.",
        discussion: WidgetArguments.discussion)

    @OptionGroup var arguments: WidgetArguments

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let container = try arguments.container(environment)
        let runner = WidgetRunner(container: container, environment: environment, makeFetch: { throw CancellationError() })
        var warnings: [String] = []
        if let (output, messages) = runner.freshOutput(arguments.options, messages: &warnings) {
            try WidgetArguments.emit(output, messages: messages)
            return
        }
        for warning in warnings { FileHandle.standardError.write(Data("hangangjari-widget: \(warning)\n".utf8)) }
        let helper = Self.helperPath()
        var argv = [helper] + CommandLine.arguments.dropFirst()
        let cArgs = argv.indices.map { strdup(argv[$0]) } + [nil]
        execv(helper, cArgs)
        // Only reached when exec failed: still print something.
        argv.removeAll()
        try WidgetArguments.emit(
            WidgetOutput(text: "P — (\(helper) is missing: \(String(cString: strerror(errno))))", exitCode: WidgetExitCode.placeholder),
            messages: ["install hangangjari-widget-fetch beside hangangjari-widget"])
    }

    /// `hangangjari-widget-fetch` in the directory of this executable.
    static func helperPath() -> String {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("hangangjari-widget-fetch").path
    }
}
