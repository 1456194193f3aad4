import AppBackend
import Models
import ReferenceServer

extension EmbeddedBackend {
    /// The reference server in this process, as the app and the widget's fetching half run it with no API
    /// configured: each park read, backfilled and forecast when first asked for, and with a Seoul key only the parks
    /// asked for, each at most once a minute (one user, one daily quota).
    public static let reference = EmbeddedBackend { options in
        var server = ServerConfiguration()
        server.port = 0
        server.logLevel = "critical"
        server.collectInBackground = false
        server.now = options.clock.now
        server.onDemandInterval = 60
        server.backfillDays = 15
        if let key = options.seoulKey {
            server.source = .seoul(key: key, baseURL: options.seoulURL ?? DataSourceMode.seoulBaseURL)
            server.seoulCallInterval = 60
            server.historyPath = options.historyPath
        }
        let backend = try ReferenceBackend(configuration: server)
        let baseURL = try await backend.start().baseURL
        return Started(baseURL: baseURL, running: backend)
    }
}
