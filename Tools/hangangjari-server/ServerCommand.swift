import ArgumentParser
import Foundation
import Models
import ReferenceServer

@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hangangjari-server",
        abstract: "The reference Hangangjari /v2 backend (simulated data by default, Seoul open data with a key).",
        subcommands: [ServeCommand.self, BacktestCommand.self, HistoryCommand.self],
        defaultSubcommand: ServeCommand.self)
}

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve the /v2 API (prints the bound address on one stdout line).")

    enum Source: String, ExpressibleByArgument, CaseIterable { case simulated, seoul }
    enum Unsigned: String, ExpressibleByArgument, CaseIterable { case allow, deny }

    @Option(help: "Address to bind.") var host = "127.0.0.1"
    @Option(help: "Port (0 picks a free one).") var port = 8080
    @Option(help: "simulated or seoul.") var source: Source = .simulated
    @Option(help: "Seconds between two Seoul citydata calls for one area (or SEOUL_CALL_INTERVAL; default 300).")
    var seoulInterval: Double?
    @Option(help: "Whether reads without a request proof are accepted.") var unsignedReads: Unsigned = .allow
    @Option(help: "Faults for tests: latency=MS,5xx=N,truncate,wrong-park,garbage,failing-sources,stale-sources,rebuild-fails,reject-proofs,clock-skew=SECONDS.")
    var faults = "none"
    @Option(help: "Forecast history in this SQLite file, or 'memory' (default: memory for simulated data; for Seoul data $XDG_STATE_HOME/hangangjari/server-history.sqlite, or HISTORY_PATH).")
    var history: String?
    @Option(help: "Access token lifetime in seconds.") var tokenLifetime = 3600

    func run() async throws {
        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.unsignedReadsAllowed = unsignedReads == .allow
        configuration.historyPath = try HistoryLocation.path(flag: history, seoul: source == .seoul, environment: ProcessInfo.processInfo.environment)
        configuration.tokenLifetime = TimeInterval(tokenLifetime)
        do { configuration.now = try WallClock.from(environment: ProcessInfo.processInfo.environment).now } catch { throw ValidationError(error.description) }
        do { configuration.faults = try FaultSettings(parsing: faults) } catch { throw ValidationError(error.description) }
        let environment = ProcessInfo.processInfo.environment
        if source == .seoul {
            // The key never travels on argv (ps shows argv to every user).
            let key: String
            do { key = try Secret.read("SEOUL_OPEN_DATA_KEY", environment: environment) ?? "" } catch { throw ValidationError("\(error)") }
            guard !key.isEmpty else { throw ValidationError("--source seoul needs SEOUL_OPEN_DATA_KEY or SEOUL_OPEN_DATA_KEY_FILE") }
            configuration.source = .seoul(key: key, baseURL: environment["SEOUL_OPEN_DATA_URL"] ?? "http://openapi.seoul.go.kr:8088")
        }
        if let interval = seoulInterval ?? environment["SEOUL_CALL_INTERVAL"].flatMap(Double.init) {
            guard interval >= 1 else { throw ValidationError("the Seoul call interval must be at least 1 second") }
            configuration.seoulCallInterval = interval
        }
        let backend = try ReferenceBackend(configuration: configuration)
        try await backend.run { port in
            let shown = host.contains(":") ? "[\(host)]" : host
            // One line for scripts, written straight to the file descriptor so it is never left in a buffer.
            FileHandle.standardOutput.write(Data("listening on http://\(shown):\(port)\n".utf8))
        }
    }
}

struct BacktestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backtest",
        abstract: "Score forecasts against persistence and last week, on simulated history or a recorded CSV.",
        discussion: """
            --history reads lot_id,capacity,occupied,observed_at (as `history export` writes it), cleans it and prints \
            what was dropped and why before the table. Exit 65 when no lot has enough usable readings, 66 when the file \
            cannot be read.
            """)

    @Option(help: "A recorded history CSV to score (default: simulated history).") var history: String?
    @Option(help: "Simulated days to score.") var days = 14
    @Option(help: "Minutes between simulated forecast starts.") var step = 30

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
            print(Backtest.render(try await Backtest.score(recorded)))
            return
        }
        let now: Date
        do { now = try WallClock.from(environment: ProcessInfo.processInfo.environment).now() } catch { throw ValidationError(error.description) }
        print(Backtest.render(try await Backtest.simulated(catalog: .bundled, days: days, end: now, stepMinutes: step)))
    }
}
