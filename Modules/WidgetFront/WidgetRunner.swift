import FoundationEssentials
import Localization
import Models
import Storage
import Synchronization
import WidgetAlerts
import WidgetRendering
import WidgetSnapshot

/// One widget run from start to output: resolve the park and language, load the entry within a hard deadline,
/// render it. The executable only parses arguments and wires the fetch.
public struct WidgetRunner: Sendable {
    public struct Options: Sendable, Equatable {
        public var kind: WidgetKind = .parking
        public var park: ParkID?
        public var format: WidgetFormat = .text
        public var maxAge: TimeInterval = 300
        public var language: Language?
        public var deadline: TimeInterval = 5
        public var urgentBelow: Int?
        /// For go: the arrival in minutes from now; nil is the drive from the saved home position, else half an hour.
        public var arrivalMinutes: Int?

        public init() {}
    }

    public var container: SharedContainer
    public var catalog: Catalog
    public var environment: [String: String]
    /// The language `config.toml` names, which comes after `--lang` and before the settings.
    public var configuredLanguage: String?
    /// Makes the fetch on demand, so the fresh path never starts networking or a backend.
    public var makeFetch: @Sendable () async throws -> @Sendable (ParkID) async throws -> HomeSummary
    /// Makes the fetch of every lot's forecast (the go kind), likewise on demand.
    public var makeLotForecastsFetch: @Sendable () async throws -> @Sendable () async throws -> LotForecastsResponse
    public var now: @Sendable () -> Date
    /// Shows one local alert and says whether it was delivered (`notify-send` by default).
    public var notify: @Sendable (LocalAlerts.Alert) -> LocalAlerts.Delivery

    public init(
        container: SharedContainer, catalog: Catalog = .bundled, environment: [String: String],
        configuredLanguage: String? = nil,
        makeFetch: @escaping @Sendable () async throws -> @Sendable (ParkID) async throws -> HomeSummary,
        makeLotForecastsFetch:
            @escaping @Sendable () async throws -> @Sendable () async throws -> LotForecastsResponse =
            { throw CancellationError() },
        now: @escaping @Sendable () -> Date = { Date() },
        notify: (@Sendable (LocalAlerts.Alert) -> LocalAlerts.Delivery)? = nil
    ) {
        self.container = container
        self.catalog = catalog
        self.environment = environment
        self.configuredLanguage = configuredLanguage
        self.makeFetch = makeFetch
        self.makeLotForecastsFetch = makeLotForecastsFetch
        self.now = now
        self.notify = notify ?? { DesktopNotifier.notifySend($0, environment: environment) }
    }

    /// The output when a fresh snapshot can be shown, without network, SQLite or a backend; nil otherwise.
    /// `messages` receives the warnings of this run: a settings file moved aside is reported here, once, either way;
    /// fields that stay wrong in the file are left to the fetching helper when it takes over (it reads them again).
    public func freshOutput(_ options: Options, messages: inout [String]) -> (output: WidgetOutput, messages: [String])?
    {
        let (settings, warning) = SettingsStore(container: container).load()
        let language = Language.resolve(
            flag: options.language?.rawValue, configFile: configuredLanguage, settings: settings.language,
            environment: environment)
        let l = Localizer(language)
        let park = LocationResolver.resolve(
            explicit: options.park, kind: options.kind, settings: settings, catalog: catalog)
        let store = SnapshotStore(container: container)
        let loader = WidgetEntryLoader(store: store, fetch: { _ in throw CancellationError() }, now: now)
        guard let snapshot = loader.freshSnapshot(options.kind, park, maxAge: options.maxAge) else {
            if let warning, settings.fieldProblems.isEmpty { messages.append(warning.text(l)) }
            return nil
        }
        if let warning { messages.append(warning.text(l)) }
        let entry = loader.entry(options.kind, park, snapshot, fetched: false, failures: 0)
        return finish(entry, options: options, settings: settings, language: language, messages: messages)
    }

    /// The output and messages for stderr.
    public func run(_ options: Options) async -> (output: WidgetOutput, messages: [String]) {
        var messages: [String] = []
        let (settings, warning) = SettingsStore(container: container).load()
        let language = Language.resolve(
            flag: options.language?.rawValue, configFile: configuredLanguage, settings: settings.language,
            environment: environment)
        let l = Localizer(language)
        if let warning { messages.append(warning.text(l)) }
        let park = LocationResolver.resolve(
            explicit: options.park, kind: options.kind, settings: settings, catalog: catalog)
        let store = SnapshotStore(container: container)
        let makeFetch = self.makeFetch
        let makeLotForecastsFetch = self.makeLotForecastsFetch
        let loader = WidgetEntryLoader(
            store: store, fetch: { park in try await makeFetch()(park) },
            fetchLotForecasts: { try await makeLotForecastsFetch()() }, now: now)
        // Whichever comes first, the entry or the deadline; the process does not wait for a late loader.
        let entry: WidgetEntry = await withCheckedContinuation { continuation in
            let claimed = Mutex(false)
            let finish: @Sendable (WidgetEntry) -> Void = { value in
                let first = claimed.withLock { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(returning: value) }
            }
            Task { finish(await loader.load(options.kind, park: park, maxAge: options.maxAge)) }
            Task {
                try? await Task.sleep(for: .seconds(max(0.1, options.deadline - 0.15)))
                finish(
                    loader.failed(
                        options.kind, park, reason: Reason(.reasonNoAnswerWithin, options.deadline), failures: 1))
            }
        }
        if let problem = entry.writeProblem { messages.append(l(.reasonSnapshotNotSaved, problem.text(l))) }
        if let reason = entry.state.reason { messages.append(reason.text(l)) }
        return finish(entry, options: options, settings: settings, language: language, messages: messages)
    }

    private func finish(
        _ entry: WidgetEntry, options: Options, settings: Settings, language: Language, messages: [String]
    ) -> (output: WidgetOutput, messages: [String]) {
        var messages = messages
        if case .current = entry.state, options.kind == .parking, let snapshot = entry.snapshot {
            let alerts = LocalAlerts(container: container)
            let deliveries = alerts.due(for: snapshot, settings: settings, language: language, now: now()).map {
                ($0, notify($0))
            }
            alerts.record(deliveries, now: now())
            let l = Localizer(language)
            for case (let alert, .failed(let reason)) in deliveries {
                messages.append(l(.alertNotShown, alert.title, reason.text(l)))
            }
        }
        let formatter = WidgetFormatter(
            language: language, catalog: catalog, now: now(), urgentBelow: options.urgentBelow,
            arrival: .chosen(minutes: options.arrivalMinutes, home: settings.home))
        return (formatter.render(entry, as: options.format), messages)
    }
}
