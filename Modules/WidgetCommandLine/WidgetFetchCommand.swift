import AppBackend
import AppConfigFile
import ArgumentParser
import CommandLineSupport
import Foundation
import Localization
import Models
import Storage
import WidgetFront

/// The full widget run (fresh snapshot, else fetch, else stale or placeholder): the widget's fetching half.
/// `hangangjari-widget` execs it (see ``FetchingHalf``) when it has no fresh snapshot, so that its own fresh path
/// never loads networking or a backend.
public struct WidgetFetchCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hangangjari-widget", abstract: helpText(.helpCmdWidgetFetch),
        discussion: WidgetArguments.discussion,
        version: ProductVersion.current)

    @OptionGroup var arguments: WidgetArguments

    public init() {}

    /// Without an embedded backend: a configured API is needed.
    public func run() async throws { try await run(embedded: .none) }

    /// The run, starting `embedded` when no API is configured.
    public func run(embedded: EmbeddedBackend) async throws {
        let environment = ProcessInfo.processInfo.environment
        let container = try arguments.container(environment)
        let configuration = AppConfiguration.resolve(apiFlag: arguments.api, environment: environment)
        let requestTimeout = max(0.5, arguments.deadline - 0.5)
        let clock: WallClock
        do { clock = try WallClock.from(environment: environment) } catch { throw ValidationError(error.description) }
        let runner = WidgetRunner(
            container: container, environment: environment, configuredLanguage: configuration.language,
            makeFetch: {
                try await BackendWiring.fetcher(
                    configuration: configuration, embedded: embedded, container: container, timeout: requestTimeout,
                    clock: clock)
            },
            makeLotForecastsFetch: {
                try await BackendWiring.lotForecastsFetcher(
                    configuration: configuration, embedded: embedded, container: container, timeout: requestTimeout,
                    clock: clock)
            },
            now: clock.now)
        let options = arguments.options
        let (output, messages) = await runner.run(options)
        try WidgetArguments.emit(
            output, messages: messages, format: options.format, container: container, now: clock.now())
    }
}
