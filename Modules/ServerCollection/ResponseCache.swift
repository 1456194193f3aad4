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

/// Hot cache (short TTL, keyed by the snapshot version) plus a last-success cache per key. When a rebuild fails,
/// the last good value is served with its freshness aged to now: stale stays stale, and fresh turns stale when old.
public final class ResponseCache<Value: AgeableResponse>: Sendable {
    private struct Hot: Sendable {
        var version: Int
        var builtAt: Date
        var value: Value
        var response: EncodedResponse
    }

    private let ttl: TimeInterval
    private let hot = Mutex<[String: Hot]>([:])
    private let lastGood = Mutex<[String: Value]>([:])

    public init(ttl: TimeInterval) {
        self.ttl = ttl
    }

    /// The response for `key`: from the hot cache when current, else built; the last good one when building fails.
    public func response(key: String, version: Int, now: Date, build: () throws -> Value) -> EncodedResponse? {
        entry(key: key, version: version, now: now, build: build)?.response
    }

    /// The value and its encoded response for `key`, by the same rule as ``response(key:version:now:build:)``: the
    /// web front renders the very value whose bytes /v2 serves.
    public func entry(key: String, version: Int, now: Date, build: () throws -> Value) -> (
        value: Value, response: EncodedResponse
    )? {
        if let entry = hot.withLock({ $0[key] }), entry.version == version, now.timeIntervalSince(entry.builtAt) < ttl {
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
            let aged = good.aged(now: now, reason: SourceDetail(.lastGoodServed))
            guard let body = try? ContractCoding.encode(aged) else { return nil }
            return (aged, EncodedResponse(body: body))
        }
    }
}

/// A response whose freshness can be re-derived at a later time, for serving it as the last good one.
public protocol AgeableResponse: Encodable, Sendable {
    /// The same response with every value older than its window marked stale.
    func aged(now: Date, reason: SourceDetail) -> Self
}

extension HomeSummary: AgeableResponse {
    public func aged(now: Date, reason: SourceDetail) -> HomeSummary {
        var aged = self
        aged.freshness = freshness.aged(now: now, reason: reason)
        aged.outing = outing.aged(now: now, reason: reason)
        return aged
    }
}

extension ParkingResponse: AgeableResponse {
    public func aged(now: Date, reason: SourceDetail) -> ParkingResponse {
        var aged = self
        aged.freshness = freshness.aged(now: now, reason: reason)
        return aged
    }
}

extension ForecastResponse: AgeableResponse {
    public func aged(now: Date, reason: SourceDetail) -> ForecastResponse {
        var aged = self
        aged.freshness = freshness.aged(now: now, reason: reason)
        return aged
    }
}

extension OutingSummary {
    func aged(now: Date, reason: SourceDetail) -> OutingSummary {
        var aged = self
        aged.sources = Freshness(sources: sources).aged(now: now, reason: reason).sources
        return aged
    }
}

extension OutingResponse: AgeableResponse {
    public func aged(now: Date, reason: SourceDetail) -> OutingResponse {
        var aged = self
        aged.outing = outing.aged(now: now, reason: reason)
        return aged
    }
}

/// The parks list carries one worst-state per park, recomputed on every rebuild; served as it was.
extension ParksResponse: AgeableResponse {
    public func aged(now: Date, reason: SourceDetail) -> ParksResponse { self }
}

extension Freshness {
    /// The same sources, with any value older than its window marked stale (a stale value never looks fresh).
    func aged(now: Date, reason: SourceDetail) -> Freshness {
        Freshness(
            sources: sources.map { status in
                var status = status
                if status.state == .known(.fresh), let kind = SourceKind(status.source),
                    let observed = status.observedAt,
                    !Freshness.isCurrent(observedAt: observed, now: now, window: kind.freshnessWindow)
                {
                    status.state = .known(.stale)
                    status.detail = reason.english
                    status.reason = reason
                }
                return status
            })
    }
}
