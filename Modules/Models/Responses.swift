import FoundationEssentials

/// One park in the parks list, with the live numbers the parks screen needs.
public struct ParkListItem: Hashable, Sendable, Codable {
    public var park: Park
    public var lots: [ParkingLot]
    /// Free spaces over lots with a live count; nil when none has one.
    public var totalAvailable: Int?
    public var totalCapacity: Int
    public var crowd: OpenEnum<CrowdLevel>?
    /// The worst freshness over the park's sources.
    public var freshness: OpenEnum<FreshnessState>

    public init(
        park: Park, lots: [ParkingLot], totalAvailable: Int?, totalCapacity: Int,
        crowd: OpenEnum<CrowdLevel>?, freshness: OpenEnum<FreshnessState>
    ) {
        self.park = park
        self.lots = lots
        self.totalAvailable = totalAvailable
        self.totalCapacity = totalCapacity
        self.crowd = crowd
        self.freshness = freshness
    }
}

/// `GET /v2/parks` response.
public struct ParksResponse: Hashable, Sendable, Codable {
    public var parks: [ParkListItem]
    public var generatedAt: Date

    public init(parks: [ParkListItem], generatedAt: Date) {
        self.parks = parks
        self.generatedAt = generatedAt
    }
}

/// `GET /v2/parks/{parkId}/parking` response.
public struct ParkingResponse: Hashable, Sendable, Codable, ParkScoped {
    public var parking: ParkingAggregate
    public var generatedAt: Date
    public var freshness: Freshness

    public init(parking: ParkingAggregate, generatedAt: Date, freshness: Freshness) {
        self.parking = parking
        self.generatedAt = generatedAt
        self.freshness = freshness
    }

    public var mentionedParkIDs: [ParkID] { parking.mentionedParkIDs }
}

/// `GET /v2/parks/{parkId}/forecast` response.
public struct ForecastResponse: Hashable, Sendable, Codable, ParkScoped {
    public var forecast: ForecastOverview
    public var freshness: Freshness

    public init(forecast: ForecastOverview, freshness: Freshness) {
        self.forecast = forecast
        self.freshness = freshness
    }

    public var mentionedParkIDs: [ParkID] { forecast.mentionedParkIDs }
}

/// `GET /v2/parks/{parkId}/outing` response.
public struct OutingResponse: Hashable, Sendable, Codable, ParkScoped {
    public var outing: OutingSummary
    public var generatedAt: Date

    public init(outing: OutingSummary, generatedAt: Date) {
        self.outing = outing
        self.generatedAt = generatedAt
    }

    public var mentionedParkIDs: [ParkID] { outing.mentionedParkIDs }
}

/// `GET /v2/sources` response: every source for every park.
public struct SourcesResponse: Hashable, Sendable, Codable {
    public struct Entry: Hashable, Sendable, Codable {
        public var parkId: ParkID
        public var sources: [SourceStatus]

        public init(parkId: ParkID, sources: [SourceStatus]) {
            self.parkId = parkId
            self.sources = sources
        }
    }

    public var parks: [Entry]
    public var generatedAt: Date
    /// The upstream service's use today, for a real source (optional addition).
    public var upstream: UpstreamUsage?

    public init(parks: [Entry], generatedAt: Date, upstream: UpstreamUsage? = nil) {
        self.parks = parks
        self.generatedAt = generatedAt
        self.upstream = upstream
    }
}

/// `GET /v2/health` response.
public struct HealthResponse: Hashable, Sendable, Codable {
    public enum Status: String, ContractEnum {
        case ok, degraded
    }

    public var status: OpenEnum<Status>
    public var version: String
    public var source: String
    public var serverTime: Date
    /// What readiness checked (`/v2/health/ready` only).
    public var checks: [HealthCheck]?

    public init(
        status: OpenEnum<Status>, version: String, source: String, serverTime: Date, checks: [HealthCheck]? = nil
    ) {
        self.status = status
        self.version = version
        self.source = source
        self.serverTime = serverTime
        self.checks = checks
    }
}

/// One readiness check: what was checked, whether it passed, and why not.
public struct HealthCheck: Hashable, Sendable, Codable {
    public var name: String
    public var ok: Bool
    public var detail: String?

    public init(name: String, ok: Bool, detail: String? = nil) {
        self.name = name
        self.ok = ok
        self.detail = detail
    }
}

/// Operational telemetry events. Never carries coordinates or anything personal.
public enum TelemetryEventKind: String, ContractEnum {
    case appStart = "app_start"
    case widgetRefresh = "widget_refresh"
    case fetchFailed = "fetch_failed"
    case proofRejected = "proof_rejected"
    case unsignedFallback = "unsigned_fallback"
}

/// One telemetry event.
public struct TelemetryEvent: Hashable, Sendable, Codable {
    public var kind: OpenEnum<TelemetryEventKind>
    public var at: Date
    /// Latency in milliseconds, where it applies.
    public var durationMs: Int?
    /// A stable error code, where it applies.
    public var code: String?

    public init(kind: OpenEnum<TelemetryEventKind>, at: Date, durationMs: Int? = nil, code: String? = nil) {
        self.kind = kind
        self.at = at
        self.durationMs = durationMs
        self.code = code
    }
}

/// `POST /v2/telemetry` body.
public struct TelemetryBatch: Hashable, Sendable, Codable {
    /// Anonymous install hash scoped to telemetry.
    public var installHash: String
    public var appVersion: String
    public var events: [TelemetryEvent]

    public init(installHash: String, appVersion: String, events: [TelemetryEvent]) {
        self.installHash = installHash
        self.appVersion = appVersion
        self.events = events
    }
}

/// Answer to a write (`telemetry`, `push subscription`).
public struct WriteAccepted: Hashable, Sendable, Codable {
    /// Server-side id of what was written (the idempotency key's result).
    public var id: String
    public var accepted: Int

    public init(id: String, accepted: Int) {
        self.id = id
        self.accepted = accepted
    }
}
