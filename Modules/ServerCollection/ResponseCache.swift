import Crypto
import Foundation
import Models
import NIOCore
import ServerSources
import Synchronization

/// An encoded response body with its strong ETag.
public struct EncodedResponse: Sendable {
    public var body: Data
    public var etag: String
    /// The body as a buffer ready to write, made once per build rather than per request.
    public var buffer: ByteBuffer

    init(body: Data) {
        self.body = body
        buffer = ByteBuffer(bytes: body)
        let digest = SHA256.hash(data: body)
        etag = "\"" + Hex.lowercase(digest.prefix(12)) + "\""
    }
}

/// Hot cache (short TTL, keyed by the collected values' version) plus a last-success cache per key. When a rebuild fails,
/// the last good value is served with its freshness aged to now: stale stays stale, and fresh turns stale when old.
public final class ResponseCache<Value: AgeableResponse>: Sendable {
    private struct Hot: Sendable {
        var version: Int
        var builtAt: Date
        var value: Value
        var response: EncodedResponse
    }

    private let ttl: TimeInterval
    /// Each kind's publishing lag, as the source that made the values knows it.
    private let lag: @Sendable (SourceKind) -> TimeInterval
    private let hot = Mutex<[String: Hot]>([:])
    private let lastGood = Mutex<[String: Value]>([:])

    public init(ttl: TimeInterval, lag: @escaping @Sendable (SourceKind) -> TimeInterval = { _ in 0 }) {
        self.ttl = ttl
        self.lag = lag
    }

    /// The response for `key`: from the hot cache when current, else built; the last good one when building fails.
    public func response(key: String, version: Int, now: Date, build: () throws -> Value) -> EncodedResponse? {
        // The hit takes the bytes alone: copying the value out of the lock cost more than the rest of the lookup.
        let current = hot.withLock { all in
            all[key].flatMap { isCurrent($0, version: version, now: now) ? $0.response : nil }
        }
        return current ?? entry(key: key, version: version, now: now, build: build)?.response
    }

    /// Whether a hot entry may be served: built from these collected values, and not older than the TTL.
    private func isCurrent(_ entry: Hot, version: Int, now: Date) -> Bool {
        entry.version == version && now.timeIntervalSince(entry.builtAt) < ttl
    }

    /// The value and its encoded response for `key`, by the same rule as ``response(key:version:now:build:)``: the
    /// web front renders the very value whose bytes /v2 serves.
    public func entry(key: String, version: Int, now: Date, build: () throws -> Value) -> (
        value: Value, response: EncodedResponse
    )? {
        if let entry = hot.withLock({ $0[key] }), isCurrent(entry, version: version, now: now) {
            return (entry.value, entry.response)
        }
        do {
            let value = try build()
            let response = EncodedResponse(body: try ContractCoding.encode(value))
            lastGood.withLock { $0[key] = value }
            hot.withLock { $0[key] = Hot(version: version, builtAt: now, value: value, response: response) }
            return (value, response)
        } catch {
            guard let good = lastGood.withLock({ $0[key] }) else { return nil }
            let aged = good.aged(Aging(now: now, reason: SourceDetail(.lastGoodServed), lag: lag))
            guard let body = try? ContractCoding.encode(aged) else { return nil }
            return (aged, EncodedResponse(body: body))
        }
    }
}

/// How a last good response is judged again at a later time: the moment, the reason it gives, and each kind's
/// publishing lag, by the slots' own rule (``SourceKind/isCurrent(observedAt:now:lag:)``).
public struct Aging: Sendable {
    public var now: Date
    public var reason: SourceDetail
    public var lag: @Sendable (SourceKind) -> TimeInterval

    public init(now: Date, reason: SourceDetail, lag: @escaping @Sendable (SourceKind) -> TimeInterval) {
        self.now = now
        self.reason = reason
        self.lag = lag
    }
}

/// A response whose freshness can be re-derived at a later time, for serving it as the last good one.
public protocol AgeableResponse: Encodable, Sendable {
    /// The same response with every value no longer current marked stale.
    func aged(_ aging: Aging) -> Self
}

extension HomeSummary: AgeableResponse {
    public func aged(_ aging: Aging) -> HomeSummary {
        var aged = self
        aged.freshness = freshness.aged(aging)
        aged.outing = outing.aged(aging)
        return aged
    }
}

extension ParkingResponse: AgeableResponse {
    public func aged(_ aging: Aging) -> ParkingResponse {
        var aged = self
        aged.freshness = freshness.aged(aging)
        return aged
    }
}

extension ForecastResponse: AgeableResponse {
    public func aged(_ aging: Aging) -> ForecastResponse {
        var aged = self
        aged.freshness = freshness.aged(aging)
        return aged
    }
}

extension OutingSummary {
    func aged(_ aging: Aging) -> OutingSummary {
        var aged = self
        aged.sources = Freshness(sources: sources).aged(aging).sources
        return aged
    }
}

extension OutingResponse: AgeableResponse {
    public func aged(_ aging: Aging) -> OutingResponse {
        var aged = self
        aged.outing = outing.aged(aging)
        return aged
    }
}

/// The parks list carries one worst-state per park, recomputed on every rebuild; served as it was.
extension ParksResponse: AgeableResponse {
    public func aged(_ aging: Aging) -> ParksResponse { self }
}

extension Freshness {
    /// The same sources, with any value no longer current marked stale (a stale value never looks fresh).
    func aged(_ aging: Aging) -> Freshness {
        Freshness(
            sources: sources.map { status in
                var status = status
                if status.state == .known(.fresh), let kind = SourceKind(status.source),
                    let observed = status.observedAt,
                    !kind.isCurrent(observedAt: observed, now: aging.now, lag: aging.lag(kind))
                {
                    status.state = .known(.stale)
                    status.detail = aging.reason.english
                    status.reason = aging.reason
                }
                return status
            })
    }
}
