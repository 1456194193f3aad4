import Foundation
import Models
import Prometheus
import ServerSources
import Synchronization

/// The backend's Prometheus metrics: requests by route, method and status with their latencies, collection rounds
/// and failures per source, the Seoul calls of the day and whether this instance collects. One registry per backend
/// (no process-wide metrics system), exposed by `GET /metrics` to callers with the admin token.
public final class ServerMetrics: Sendable {
    private struct RequestKey: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    private let registry = PrometheusCollectorRegistry()
    /// One request series' handles: its counter and its route's latency histogram.
    private struct Series {
        let counter: Counter
        let latency: DurationHistogram
    }
    // Handles are looked up once per label set, in one table: the registry's own lookup builds strings on every
    // call, and each further table hashed the route again.
    private let series = Mutex<[RequestKey: Series]>([:])
    private let latencies = Mutex<[String: DurationHistogram]>([:])
    /// Request latency buckets, from a hot-cache hit to a request that waited for its deadline.
    static let latencyBuckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
        .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    public init() {}

    /// Counts one answered request; `route` is the matched route template (bounded), never the raw path.
    func request(route: String, method: String, status: Int, duration: Duration) {
        let key = RequestKey(route: route, method: method, status: status)
        let handles = series.withLock { all in
            if let handles = all[key] { return handles }
            let handles = Series(
                counter: registry.makeCounter(
                    descriptor: Self.name("http_requests", "total", "Requests answered, by route, method and status"),
                    labels: [("route", route), ("method", method), ("status", String(status))]),
                latency: latency(route))
            all[key] = handles
            return handles
        }
        handles.counter.increment()
        handles.latency.record(duration)
    }

    /// The latency histogram of `route`, shared by its series (made at a series' first request only).
    private func latency(_ route: String) -> DurationHistogram {
        latencies.withLock { all in
            if let histogram = all[route] { return histogram }
            let histogram = registry.makeDurationHistogram(
                descriptor: Self.name("http_request_duration", "seconds", "Time to answer, by route"),
                labels: [("route", route)], buckets: Self.latencyBuckets)
            all[route] = histogram
            return histogram
        }
    }

    /// Counts one read of a source for one park, and whether it failed.
    public func collected(_ kind: SourceKind, failed: Bool) {
        let labels = [("source", kind.rawValue)]
        registry.makeCounter(
            descriptor: Self.name("collection_runs", "total", "Source reads per park, by source"), labels: labels
        ).increment()
        let failures = registry.makeCounter(
            descriptor: Self.name("collection_failures", "total", "Source reads that failed, by source"),
            labels: labels)
        if failed { failures.increment() }
    }

    /// Records how long one background round of a source took (every park read, the collected values published; the
    /// listeners act after it, off its path).
    public func collectionRound(_ kind: SourceKind, took duration: Duration) {
        registry.makeDurationHistogram(
            descriptor: Self.name("collection_round_duration", "seconds", "Time of one background round, by source"),
            labels: [("source", kind.rawValue)], buckets: Self.latencyBuckets
        ).record(duration)
    }

    /// Counts one push delivery's outcome: `sent`, `gone`, `retried` or `failed` (with its reason; never the
    /// endpoint).
    public func pushed(_ outcome: String, reason: String? = nil) {
        var labels = [("outcome", outcome)]
        if let reason { labels.append(("reason", reason)) }
        registry.makeCounter(
            descriptor: Self.name("push_deliveries", "total", "Web Push deliveries, by outcome"), labels: labels
        ).increment()
    }

    /// The text exposition, with the gauges read now: calls made to an upstream service today (its own day) and
    /// whether this instance collects.
    public func exposition(upstream: UpstreamUsage?, collects: Bool) -> [UInt8] {
        if let upstream {
            registry.makeGauge(
                descriptor: Self.name("upstream_calls_today", "count", "Calls made to the upstream service today"),
                labels: [("service", upstream.service)]
            ).set(to: Double(upstream.callsToday))
        }
        registry.makeGauge(
            descriptor: Self.name("collector", "active", "1 when this instance collects, else 0")
        ).set(to: collects ? 1.0 : 0.0)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(16 * 1024)
        registry.emit(into: &buffer)
        return buffer
    }

    private static func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "hangangjari", metricName: metric, unitName: unit, helpText: help)
    }
}
