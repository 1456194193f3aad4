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
    /// The factor on each backoff, drawn from ``jitterRange`` (a fixed one in tests).
    let jitter: @Sendable () -> Double

    /// Push services keep an alert this long at most: a later one is not news (`TTL`).
    public static let timeToLive = Int(AlertWatcher.lifetime)
    /// Attempts answered "try again" before a delivery is given up.
    public static let maximumAttempts = 6

    public init(
        key: VAPIDKey, subject: String, transport: HTTPTransport, endpoints: PushEndpointPolicy,
        encryption: PushEncryption = PushEncryption(), timeout: TimeInterval = 10,
        now: @escaping @Sendable () -> Date, realTime: @escaping @Sendable () -> Date = { Date() },
        resolve: (@Sendable (String) -> PushEndpointPolicy.Refusal?)? = nil,
        jitter: @escaping @Sendable () -> Double = { Double.random(in: PushSender.jitterRange) }
    ) {
        self.resolve = resolve ?? endpoints.refusalAfterResolving
        self.jitter = jitter
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
        let answer: HTTPResponse?
        do { answer = try await transport.send(request) } catch { answer = nil }
        // The next attempt counts from when this one ended (an answer, a refusal or the timeout), not from when
        // it began: a backoff shorter than the timeout would otherwise have passed already.
        let ended = now()
        guard let answer else {
            return Self.retry(
                after: nil, attempts: delivery.attempts, now: ended, reason: "no_answer", jitter: jitter())
        }
        return Self.outcome(
            status: answer.status, retryAfter: answer.header("retry-after"), attempts: delivery.attempts, now: ended,
            jitter: jitter())
    }

    /// What a push service's answer means: 2xx sent; 404 and 410 gone; 413 too large; 429 and 5xx again later
    /// (after `Retry-After` when given); any other answer refused.
    public static func outcome(status: Int, retryAfter: String?, attempts: Int, now: Date, jitter: Double = 1)
        -> DeliveryOutcome
    {
        switch status {
        case 200..<300: .sent
        case 404, 410: .gone
        case 413: .failed(reason: "too_large")
        case 429: retry(after: retryAfter, attempts: attempts, now: now, reason: "rate_limited", jitter: jitter)
        case 500..<600: retry(after: retryAfter, attempts: attempts, now: now, reason: "server_error", jitter: jitter)
        default: .failed(reason: "refused_\(status)")
        }
    }

    /// The wait before the attempt after `attempts` failed ones, before jitter: 5 s doubling, at most 5 minutes.
    public static func backoff(afterAttempts attempts: Int) -> TimeInterval { min(300, 5 * pow(2, Double(attempts))) }

    /// How far a backoff is spread, so that deliveries failed together do not come back together.
    public static let jitterRange: ClosedRange<Double> = 0.9...1.1

    /// The retry schedule in words, for `push status` and the operations guide.
    public static var schedule: String {
        let waits = (0..<(maximumAttempts - 1)).map { "\(Int(backoff(afterAttempts: $0))) s" }
        return "again \(waits.joined(separator: ", ")) after each failed attempt ends (±10%), or after its "
            + "Retry-After (at most 1 h); given up after \(maximumAttempts) attempts"
    }

    /// Again after `Retry-After` (seconds or an HTTP date), else after ``backoff(afterAttempts:)`` times `jitter`,
    /// counted from `now`, when the failed attempt ended; given up after ``maximumAttempts``.
    static func retry(after header: String?, attempts: Int, now: Date, reason: String, jitter: Double = 1)
        -> DeliveryOutcome
    {
        guard attempts + 1 < maximumAttempts else { return .failed(reason: "gave_up") }
        var wait = backoff(afterAttempts: attempts) * jitter
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
