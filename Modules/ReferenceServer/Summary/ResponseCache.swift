import Crypto
import Foundation
import Models
import NIOCore
import Networking

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
        etag = "\"" + digest.prefix(12).map { String(format: "%02x", $0) }.joined() + "\""
    }
}

/// Hot cache (short TTL, keyed by the snapshot version) plus a last-success cache per key. When a rebuild fails,
/// the last good value is served with its freshness aged to now: stale stays stale, and fresh turns stale when old.
public final class ResponseCache<Value: Encodable & Sendable>: Sendable {
    private struct Hot: Sendable {
        var version: Int
        var builtAt: Date
        var response: EncodedResponse
    }

    private let ttl: TimeInterval
    private let age: @Sendable (Value, Date) -> Value
    private let hot = LockedBox<[String: Hot]>([:])
    private let lastGood = LockedBox<[String: Value]>([:])

    /// - Parameter age: re-derives the freshness of a last good value at a later time.
    public init(ttl: TimeInterval, age: @escaping @Sendable (Value, Date) -> Value) {
        self.ttl = ttl
        self.age = age
    }

    /// The response for `key`: from the hot cache when current, else built; the last good one when building fails.
    public func response(key: String, version: Int, now: Date, build: () throws -> Value) -> EncodedResponse? {
        if let entry = hot.value[key], entry.version == version, now.timeIntervalSince(entry.builtAt) < ttl {
            return entry.response
        }
        do {
            let value = try build()
            let response = EncodedResponse(body: try ContractCoding.encode(value))
            lastGood.withLock { $0[key] = value }
            hot.withLock { $0[key] = Hot(version: version, builtAt: now, response: response) }
            return response
        } catch {
            guard let good = lastGood.value[key], let body = try? ContractCoding.encode(age(good, now)) else { return nil }
            return EncodedResponse(body: body)
        }
    }
}

extension Freshness {
    /// The same sources, with any value older than its window marked stale (a stale value never looks fresh).
    func aged(now: Date, reason: String) -> Freshness {
        Freshness(sources: sources.map { status in
            var status = status
            if status.state == .known(.fresh), let kind = SourceKind(rawValue: status.source), let observed = status.observedAt,
               now.timeIntervalSince(observed) > kind.freshnessWindow {
                status.state = .known(.stale)
                status.detail = reason
            }
            return status
        })
    }
}
