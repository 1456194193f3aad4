import Models

/// The seam through which a client starts a backend in its own process when no API is configured. `AppBackend`,
/// `AppLive` and the widget's fetching half see only this value; `EmbeddedServer.reference` (the reference server)
/// is handed in by the executable, so the server's modules are linked through this one place.
public struct EmbeddedBackend: Sendable {
    /// What a started backend is asked to be.
    public struct Options: Sendable {
        /// Real Seoul data with this key, or simulated data when nil.
        public var seoulKey: String?
        /// Seoul Open Data's base URL, when not the default.
        public var seoulURL: String?
        /// The SQLite file real readings are kept in (they are the forecasts' only evidence), or nil for memory.
        public var historyPath: String?
        /// The backend's time, the client's too.
        public var clock: WallClock

        public init(seoulKey: String?, seoulURL: String?, historyPath: String?, clock: WallClock) {
            self.seoulKey = seoulKey
            self.seoulURL = seoulURL
            self.historyPath = historyPath
            self.clock = clock
        }
    }

    /// A started backend: its address, and what keeps it running for as long as it is held.
    public struct Started: Sendable {
        public let baseURL: String
        public let running: any Sendable

        public init(baseURL: String, running: any Sendable) {
            self.baseURL = baseURL
            self.running = running
        }
    }

    /// Starts a backend on a loopback port.
    public var start: @Sendable (Options) async throws -> Started

    public init(start: @escaping @Sendable (Options) async throws -> Started) {
        self.start = start
    }

    /// A build without a backend of its own: asking for one names the missing API.
    public static let none = EmbeddedBackend { _ in throw NoEmbeddedBackend() }
}

/// No API is configured and this binary has no embedded backend.
public struct NoEmbeddedBackend: Error, CustomStringConvertible {
    public init() {}
    public var description: String {
        "no API is configured (--api, HANGANGJARI_API or api in config.toml) and this binary has no embedded backend"
    }
}
