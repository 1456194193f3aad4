/// One /v2 endpoint as both ends see it: the method, the path template and the types of the body and the answer.
/// The client builds its requests from it, the server registers its routes from it, and 405 answers list its
/// methods, so a path is written once (``API``).
public struct Endpoint<Body: Sendable, Answer: Sendable>: Sendable {
    public let route: Route

    /// `template` as the contract writes it, e.g. `/v2/parks/{parkId}/home-summary`.
    init(_ method: HTTPMethod, _ template: String, protected: Bool = true) {
        route = Route(method: method, template: template, protected: protected)
    }

    public var method: HTTPMethod { route.method }
    /// Whether calls carry the access token and a request proof.
    public var protected: Bool { route.protected }

    /// The path of a call; `park` fills `{parkId}`, `subscription` `{subscriptionId}`.
    public func path(park: ParkID? = nil, subscription: String? = nil) -> String {
        route.path(park: park, subscription: subscription)
    }
}

/// An endpoint without its types: what lists of endpoints hold.
public struct Route: Hashable, Sendable {
    /// One segment of a path template.
    public enum Part: Hashable, Sendable {
        case literal(String)
        /// `{parkId}`: any one segment.
        case parkID
        /// `{subscriptionId}`: any one segment.
        case subscriptionID
    }

    /// The name of the `{parkId}` parameter, in templates and in routers.
    public static let parkParameter = "parkId"
    /// The name of the `{subscriptionId}` parameter.
    public static let subscriptionParameter = "subscriptionId"

    public let method: HTTPMethod
    public let parts: [Part]
    /// Whether calls carry the access token and a request proof (`security: []` in the contract when not).
    public let protected: Bool

    init(method: HTTPMethod, template: String, protected: Bool) {
        self.method = method
        parts = template.split(separator: "/").map {
            switch $0 {
            case "{\(Self.parkParameter)}": .parkID
            case "{\(Self.subscriptionParameter)}": .subscriptionID
            default: .literal(String($0))
            }
        }
        self.protected = protected
    }

    /// The template as the contract (`openapi.yaml`) writes it.
    public var template: String { "/" + parts.map(\.text).joined(separator: "/") }

    /// The template with parameters written `:name`, as routers take it.
    public var routerPath: String {
        "/"
            + parts.map { part in
                switch part {
                case .literal(let text): text
                case .parkID: ":" + Self.parkParameter
                case .subscriptionID: ":" + Self.subscriptionParameter
                }
            }
            .joined(separator: "/")
    }

    /// The path of a call; `park` fills `{parkId}`, `subscription` `{subscriptionId}`.
    public func path(park: ParkID? = nil, subscription: String? = nil) -> String {
        "/"
            + parts.map { part in
                switch part {
                case .literal(let text): text
                case .parkID: park?.rawValue ?? ""
                case .subscriptionID: subscription ?? ""
                }
            }.joined(separator: "/")
    }

    /// Whether a request path (without its query) is this route's path.
    public func matches(path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        guard segments.count == parts.count else { return false }
        return zip(parts, segments).allSatisfy { part, segment in
            if case .literal(let text) = part { text == segment } else { !segment.isEmpty }
        }
    }
}

extension Route.Part {
    var text: String {
        switch self {
        case .literal(let text): text
        case .parkID: "{\(Route.parkParameter)}"
        case .subscriptionID: "{\(Route.subscriptionParameter)}"
        }
    }
}

/// A body or answer that is empty.
public struct NoBody: Sendable {}

/// The /v2 contract's endpoints (`Docs/openapi.yaml`).
public enum API {
    public static let health = Endpoint<NoBody, HealthResponse>(.get, "/v2/health", protected: false)
    public static let healthLive = Endpoint<NoBody, HealthResponse>(.get, "/v2/health/live", protected: false)
    public static let healthReady = Endpoint<NoBody, HealthResponse>(.get, "/v2/health/ready", protected: false)
    public static let policy = Endpoint<NoBody, ClientPolicy>(.get, "/v2/config/policy", protected: false)
    public static let bootstrap = Endpoint<BootstrapRequest, BootstrapResponse>(
        .post, "/v2/bootstrap", protected: false)
    public static let parks = Endpoint<NoBody, ParksResponse>(.get, "/v2/parks")
    public static let homeSummary = Endpoint<NoBody, HomeSummary>(.get, "/v2/parks/{parkId}/home-summary")
    public static let parking = Endpoint<NoBody, ParkingResponse>(.get, "/v2/parks/{parkId}/parking")
    public static let forecast = Endpoint<NoBody, ForecastResponse>(.get, "/v2/parks/{parkId}/forecast")
    public static let outing = Endpoint<NoBody, OutingResponse>(.get, "/v2/parks/{parkId}/outing")
    public static let sources = Endpoint<NoBody, SourcesResponse>(.get, "/v2/sources")
    /// Every lot's live count and forecast points, for "where to go now".
    public static let lotForecasts = Endpoint<NoBody, LotForecastsResponse>(.get, "/v2/forecasts")
    public static let telemetry = Endpoint<TelemetryBatch, WriteAccepted>(.post, "/v2/telemetry")
    public static let subscribe = Endpoint<PushSubscription, WriteAccepted>(.post, "/v2/push/subscriptions")
    public static let unsubscribe = Endpoint<NoBody, NoBody>(.delete, "/v2/push/subscriptions/{subscriptionId}")

    /// Every endpoint's route.
    public static let routes: [Route] = [
        health.route, healthLive.route, healthReady.route, policy.route, bootstrap.route, parks.route,
        homeSummary.route, parking.route, forecast.route, outing.route, sources.route, lotForecasts.route,
        telemetry.route, subscribe.route, unsubscribe.route,
    ]

    /// The methods the contract takes on `path`, in the order listed; empty when the contract has no such path.
    public static func methods(forPath path: String) -> [HTTPMethod] {
        var methods: [HTTPMethod] = []
        for route in routes where route.matches(path: path) && !methods.contains(route.method) {
            methods.append(route.method)
        }
        return methods
    }
}
