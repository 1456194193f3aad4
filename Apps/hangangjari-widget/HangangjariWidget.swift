import ArgumentParser
import Foundation
import Models
import Networking
import ReferenceServer
import Storage
import WidgetSnapshot

@main
struct HangangjariWidget: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hangangjari-widget",
        abstract: "One-shot widget loader for cron, systemd timers and status bars.",
        discussion: """
            Prints one entry and exits: a fresh snapshot from the shared container when there is one, else fresh data,
            else the last snapshot marked stale, else a placeholder that says why. Never hangs past --deadline.
            Exit codes: 0 fresh; 3 stale; 4 placeholder (text and json; status-bar formats exit 0);
            33 i3blocks urgent (with --urgent-below); 64 usage.
            """)

    @Option(help: "parking or general.") var kind: String = "parking"
    @Option(help: "Park id (default: the widget's park, first favourite, nearest to home, Yeouido).") var park: String?
    @Option(help: "text, json, waybar, i3blocks, polybar, tmux or argos.") var format: String = "text"
    @Option(help: "Seconds a snapshot counts as fresh.") var maxAge: Double = 300
    @Option(help: "ko or en (default from LC_ALL, LC_MESSAGES, LANG).") var lang: String?
    @Option(help: "Overall deadline in seconds.") var deadline: Double = 5
    @Option(help: "i3blocks: exit 33 when the recommended lot has fewer free spaces.") var urgentBelow: Int?
    @Option(help: "API base URL (else HANGANGJARI_API, config.toml, or the embedded backend).") var api: String?
    @Option(help: "Shared state directory (else HANGANGJARI_STATE_DIR or $XDG_STATE_HOME/hangangjari).") var stateDir: String?

    func validate() throws {
        guard WidgetKind(rawValue: kind) != nil else { throw ValidationError("--kind must be parking or general") }
        guard WidgetFormat(rawValue: format) != nil else {
            throw ValidationError("--format must be one of \(WidgetFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let park, Catalog.bundled.park(ParkID(park)) == nil {
            let names = Catalog.bundled.suggestions(for: park).map(\.id.rawValue).joined(separator: ", ")
            throw ValidationError("unknown park '\(park)'; did you mean \(names)?")
        }
        if let lang, !["ko", "en"].contains(lang) { throw ValidationError("--lang must be ko or en") }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let container: SharedContainer
        do { container = try SharedContainer.resolve(explicit: stateDir, environment: environment) } catch {
            FileHandle.standardError.write(Data("hangangjari-widget: \(error)\n".utf8))
            throw ExitCode(WidgetExitCode.usage)
        }
        var options = WidgetRunner.Options()
        options.kind = WidgetKind(rawValue: kind)!
        options.park = park.map { ParkID($0) }
        options.format = WidgetFormat(rawValue: format)!
        options.maxAge = maxAge
        options.language = lang
        options.deadline = deadline
        options.urgentBelow = urgentBelow
        let configuration = AppConfiguration.resolve(apiFlag: api, environment: environment)
        let requestTimeout = max(0.5, deadline - 0.5)
        let runner = WidgetRunner(container: container, environment: environment, makeFetch: {
            try await BackendWiring.fetcher(configuration: configuration, container: container, timeout: requestTimeout)
        })
        let (output, messages) = await runner.run(options)
        for message in messages { FileHandle.standardError.write(Data("hangangjari-widget: \(message)\n".utf8)) }
        FileHandle.standardOutput.write(Data((output.text + "\n").utf8))
        if output.exitCode != 0 { throw ExitCode(output.exitCode) }
    }
}
