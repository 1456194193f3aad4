import CurlHTTP
import Foundation
import Models
import ServerTrust
import Synchronization
import WebPush

/// Sends one queued alert to its push service (RFC 8030): encrypted for the subscription (RFC 8291), signed with
/// the deployment's VAPID key (RFC 8292), and tells what the answer means for the outbox.
public final class PushSender: Sendable {
    let key: VAPIDKey
    let subject: String
    let transport: HTTPTransport
    let endpoints: PushEndpointPolicy
    let encryption: PushEncryption
    let now: @Sendable () -> Date
    /// The real time, which push services check a token's expiry against (`now` may be a pinned test clock).
    let realTime: @Sendable () -> Date
    /// How long an answer may take; a push service that hangs holds one delivery this long, nothing else.
    let timeout: TimeInterval
    /// Signed tokens by audience, renewed well before they expire (one signature per push service and half-day).
    private let tokens = Mutex<[String: (header: String, expires: Date)]>([:])
    /// Each host's verdict after resolution, for a minute: a fan-out of ten thousand to one push service resolves it
    /// once, not ten thousand times on the threads that also serve the pages.
    private let resolved = Mutex<[String: (refusal: PushEndpointPolicy.Refusal?, until: Date)]>([:])
    /// How long a host's verdict after resolution is kept.
    static let resolutionLifetime: TimeInterval = 60
    /// A host's verdict after resolution (the policy's; a counting one in tests).
    let resolve: @Sendable (String) -> PushEndpointPolicy.Refusal?

    /// Push services keep an alert this long at most: a later one is not news (`TTL`).
    public static let timeToLive = Int(AlertWatcher.lifetime)
    /// Attempts answered "try again" before a delivery is given up.
    public static let maximumAttempts = 6

    public init(
        key: VAPIDKey, subject: String, transport: HTTPTransport, endpoints: PushEndpointPolicy,
        encryption: PushEncryption = PushEncryption(), timeout: TimeInterval = 10,
        now: @escaping @Sendable () -> Date, realTime: @escaping @Sendable () -> Date = { Date() },
        resolve: (@Sendable (String) -> PushEndpointPolicy.Refusal?)? = nil
    ) {
        self.resolve = resolve ?? endpoints.refusalAfterResolving
        self.realTime = realTime
        self.key = key
        self.subject = subject
        self.transport = transport
        self.endpoints = endpoints
        self.encryption = encryption
        self.timeout = timeout
        self.now = now
    }

    /// Sends the delivery and says what became of it.
    public func send(_ delivery: PushDelivery) async -> DeliveryOutcome {
        let at = now()
        let host: String
        switch endpoints.check(delivery.target.endpoint) {
        case .failure(let refusal): return .failed(reason: refusal.reason)
        case .success(let checked): host = checked
        }
        if let refusal = refusalAfterResolving(host) { return .failed(reason: refusal.reason) }
        let body: Data
        let authorization: String
        do {
            let keys = try SubscriberKeys(p256dh: delivery.target.keys.p256dh, auth: delivery.target.keys.auth)
            body = try encryption.encrypt(delivery.payload, to: keys)
            authorization = try token(for: delivery.target.endpoint, at: realTime())
        } catch {
            return .failed(reason: "not_encrypted")
        }
        // What is left of the alert's life, so a late retry is not delivered as news.
        let ttl = max(1, min(Self.timeToLive, Int(delivery.expiresAt.timeIntervalSince(at))))
        let request = HTTPRequest(
            method: .post, url: delivery.target.endpoint,
            headers: [
                ("Content-Type", "application/octet-stream"), ("Content-Encoding", "aes128gcm"),
                ("TTL", String(ttl)), ("Urgency", "high"), ("Topic", delivery.topic),
                ("Authorization", authorization),
            ],
            // Real time: the transport's deadline is not the (possibly pinned) clock alerts are judged by.
            body: body, deadline: realTime().addingTimeInterval(timeout))
        do {
            let response = try await transport.send(request)
            return Self.outcome(
                status: response.status, retryAfter: response.header("retry-after"), attempts: delivery.attempts,
                now: at)
        } catch {
            return Self.retry(after: nil, attempts: delivery.attempts, now: at, reason: "no_answer")
        }
    }

    /// What a push service's answer means: 2xx sent; 404 and 410 gone; 413 too large; 429 and 5xx again later
    /// (after `Retry-After` when given); any other answer refused.
    public static func outcome(status: Int, retryAfter: String?, attempts: Int, now: Date) -> DeliveryOutcome {
        switch status {
        case 200..<300: .sent
        case 404, 410: .gone
        case 413: .failed(reason: "too_large")
        case 429: retry(after: retryAfter, attempts: attempts, now: now, reason: "rate_limited")
        case 500..<600: retry(after: retryAfter, attempts: attempts, now: now, reason: "server_error")
        default: .failed(reason: "refused_\(status)")
        }
    }

    /// Again after `Retry-After` (seconds or an HTTP date), else after a backoff that doubles from 5 seconds up to
    /// 5 minutes; given up after ``maximumAttempts``.
    static func retry(after header: String?, attempts: Int, now: Date, reason: String) -> DeliveryOutcome {
        guard attempts + 1 < maximumAttempts else { return .failed(reason: "gave_up") }
        let backoff = min(300, 5 * pow(2, Double(attempts)))
        var wait = backoff
        if let header {
            if let seconds = Double(header.trimmingCharacters(in: .whitespaces)), seconds >= 0 {
                wait = seconds
            } else if let date = httpDate(header) {
                wait = max(0, date.timeIntervalSince(now))
            }
        }
        return .retry(at: now.addingTimeInterval(min(wait, 3600)), reason: reason)
    }

    /// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`).
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }

    /// The host's verdict after resolution, from the last minute's when there is one.
    func refusalAfterResolving(_ host: String) -> PushEndpointPolicy.Refusal? {
        let at = realTime()
        if let kept = resolved.withLock({ $0[host] }), kept.until > at { return kept.refusal }
        let refusal = resolve(host)
        resolved.withLock { $0[host] = (refusal, at.addingTimeInterval(Self.resolutionLifetime)) }
        return refusal
    }

    /// The `Authorization` header for the endpoint's push service, signed anew when the cached one has less than
    /// an hour left.
    func token(for endpoint: String, at: Date) throws -> String {
        let audience = try VAPIDToken.audience(of: endpoint)
        if let cached = tokens.withLock({ $0[audience] }), cached.expires.timeIntervalSince(at) > 3600 {
            return cached.header
        }
        let expires = at.addingTimeInterval(VAPIDToken.lifetime)
        let header = try VAPIDToken.authorization(key: key, endpoint: endpoint, subject: subject, expires: expires)
        tokens.withLock { $0[audience] = (header, expires) }
        return header
    }
}
