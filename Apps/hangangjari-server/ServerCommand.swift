import ArgumentParser
import Foundation
import Logging
import Models
import PostgresStore
import ReferenceServer
import ServerCollection
import ServerForecasting
import ServerHTTP
import ServerLearning
import Storage
import WebFront

@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hangangjari-server",
        abstract: "The reference Hangangjari /v2 backend (simulated data by default, Seoul open data with a key).",
        version: ProductVersion.current,
        subcommands: [
            ServeCommand.self, BacktestCommand.self, HistoryCommand.self, KeysCommand.self, PushCommand.self,
            TrainForecastCommand.self,
        ],
        defaultSubcommand: ServeCommand.self)
}

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the /v2 API (prints the bound address on one stdout line).",
        discussion:
            "Settings come from the environment; a flag overrides its variable. Secrets only from the environment or *_FILE:\n"
            + ServerSettings.helpLines.joined(separator: "\n"))

    // Each flag overrides one row of `ServerSettings.table`, which reads, checks and describes it.
    @Option(help: ArgumentHelp(ServerSettings.flagHelp("host"))) var host: String?
    @Option(help: ArgumentHelp(ServerSettings.flagHelp("port"))) var port: String?
    @Option(help: ArgumentHelp(ServerSettings.flagHelp("source"))) var source: String?
    @Option(help: ArgumentHelp(ServerSettings.flagHelp("seoul-interval"))) var seoulInterval: String?
    @Option(help: ArgumentHelp(ServerSettings.flagHelp("unsigned-reads"))) var unsignedReads: String?
    @Option(help: ArgumentHelp(ServerSettings.flagHelp("faults"))) var faults: String?
    @Option(help: ArgumentHelp(ServerSettings.flagHelp("history"))) var history: String?
    @Option(help: ArgumentHelp(ServerSettings.flagHelp("token-lifetime"))) var tokenLifetime: String?

    /// The flags given, by their names in the table.
    var flags: [String: String] {
        let given: [(String, String?)] = [
            ("host", host), ("port", port), ("source", source), ("seoul-interval", seoulInterval),
            ("unsigned-reads", unsignedReads), ("faults", faults), ("history", history),
            ("token-lifetime", tokenLifetime),
        ]
        return Dictionary(uniqueKeysWithValues: given.compactMap { name, value in value.map { (name, $0) } })
    }

    func run() async throws {
        FreedMemory.returnPromptly()
        var configuration: ServerConfiguration
        do {
            configuration = try ServerSettings.configuration(
                environment: ProcessInfo.processInfo.environment, flags: flags)
        } catch {
            throw ValidationError(error.description)
        }
        if configuration.learnForecasts { configuration.forecastLearning = forecastLearning(configuration) }
        let lock = try stateDirectoryLock(configuration)
        defer { withExtendedLifetime(lock) {} }
        let backend = try ReferenceBackend(configuration: configuration, shared: try sharedState(configuration))
        let host = configuration.host
        var pages: RouteRegistration?
        if configuration.webPages {
            let web = webFront(backend.responses, configuration: configuration)
            pages = { router in web.register(on: router) }
        }
        let shown = host.contains(":") ? "[\(host)]" : host
        do {
            try await backend.run(alsoServe: pages) { port in
                // One line for scripts, written straight to the file descriptor so it is never left in a buffer.
                FileHandle.standardOutput.write(Data("listening on http://\(shown):\(port)\n".utf8))
            }
        } catch  where !backend.bound.isOpen {
            // Nothing was collected: the collection waits for the port.
            FileHandle.standardError.write(
                Data("hangangjari-server: cannot listen on \(shown):\(configuration.port): \(error)\n".utf8))
            throw ExitCode(Self.bindFailed)
        }
    }

    /// The exit status of a start that could not bind its port (EX_TEMPFAIL: the port may be free later).
    static let bindFailed: Int32 = 75
    /// The exit status of a second instance on SQLite in one state directory (EX_CONFIG: a restart cannot help;
    /// the unit's `RestartPreventExitStatus` says so to systemd).
    static let sharedStateDirectory: Int32 = 78

    /// The state directory's lock, for an instance on a SQLite file; nil on PostgreSQL or in memory.
    func stateDirectoryLock(_ configuration: ServerConfiguration) throws -> FileLock? {
        guard configuration.databaseURL == nil, let path = configuration.historyPath else { return nil }
        do {
            return try StateDirectoryLock.acquire(historyPath: path)
        } catch {
            FileHandle.standardError.write(Data("hangangjari-server: \(error)\n".utf8))
            throw ExitCode(Self.sharedStateDirectory)
        }
    }
}

/// The server's learner: XGBoost in a child process, telling the log what it trained and took.
func forecastLearning(_ configuration: ServerConfiguration) -> ForecastLearning {
    var logger = Logger(label: "hangangjari-server.forecast")
    logger.logLevel = Logger.Level(rawValue: configuration.logLevel) ?? .info
    let log = logger
    var learning = ForecastLearning(trainer: .xgboost()) { log.notice("\($0)") }
    // In a child process, so that what a training allocates leaves with it.
    learning.separately = ChildTraining.run()
    return learning
}

/// The pages beside the API, reading the same responses as /v2 through values.
func webFront(_ responses: ParkResponses, configuration: ServerConfiguration) -> WebFront {
    let reads = PageReads(
        home: { id in
            await responses.homeSummary(for: id).map { entry in
                ServedSummary(value: entry.value, etag: entry.etag) {
                    ParkResponses.nextRead(entry.value.freshness, now: configuration.now())
                }
            }
        },
        parks: { await responses.parksList() }, now: configuration.now, catalog: responses.catalog,
        outing: { id in await responses.outingSummary(for: id) },
        lotForecasts: { await responses.lotForecastsServed() })
    return WebFront(reads: reads, publicURL: configuration.publicURL, simulated: configuration.source == .simulated)
}

/// The PostgreSQL store when `DATABASE_URL` is set; nil keeps the backend on its own (SQLite or memory).
func sharedState(_ configuration: ServerConfiguration) throws -> SharedState? {
    guard let url = configuration.databaseURL else { return nil }
    let database: DatabaseURL
    do { database = try DatabaseURL(url) } catch { throw ValidationError(error.description) }
    var logger = Logger(label: "hangangjari-server.database")
    logger.logLevel = Logger.Level(rawValue: configuration.logLevel) ?? .info
    logger.info("history, client records, access keys, collector lease and collected values in \(database.redacted)")
    return .postgres(
        database, collectionInterval: configuration.collectionInterval, timeout: configuration.databaseTimeout,
        logger: logger)
}

struct BacktestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backtest",
        abstract: "Score forecasts against persistence and last week, on simulated history or a recorded CSV.",
        discussion: """
            --history reads lot_id,capacity,occupied,observed_at (as `history export` writes it), cleans it and prints \
            what was dropped and why before the table. The forecaster learns as the server does (retrained at the \
            start of each scored week on everything before it); --rule-only scores the rule it falls back to. Exit 65 when no lot has enough usable readings, 66 when the file \
            cannot be read.
            """)

    @Option(help: "A recorded history CSV to score (default: simulated history).") var history: String?
    @Option(help: "Simulated days to score.") var days = 14
    @Option(help: "Minutes between simulated forecast starts.") var step = 30
    @Flag(help: "Score the rule alone, without the learned model.") var ruleOnly = false

    /// The server's own learner, retrained weekly on everything before each scored week.
    var trainer: ForecastTrainer? { ruleOnly ? nil : .xgboost() }

    func run() async throws {
        if let history {
            let recorded: RecordedHistory
            do {
                recorded = try RecordedHistory.read(path: history, catalog: .bundled)
            } catch let failure as RecordedHistory.Failure {
                FileHandle.standardError.write(Data("hangangjari-server: \(failure)\n".utf8))
                if case .unreadable = failure { throw ExitCode(66) }
                throw ExitCode(65)
            }
            print(recorded.report.render())
            let rows = try await Backtest.score(recorded, trainer: trainer).rows
            print(Backtest.render(rows))
            print(Backtest.renderReliability(rows))
            return
        }
        let now: Date
        do { now = try WallClock.from(environment: ProcessInfo.processInfo.environment).now() } catch {
            throw ValidationError(error.description)
        }
        let outcome = try await Backtest.simulated(
            catalog: .bundled, days: days, end: now, stepMinutes: step, trainer: trainer)
        print(Backtest.render(outcome.rows))
        print(Backtest.renderReliability(outcome.rows))
    }
}
