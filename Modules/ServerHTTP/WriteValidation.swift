import Foundation
import Models
import ServerTrust
import WebPush

/// Strict validation of write bodies: known fields only, no coordinates anywhere, value ranges checked.
enum WriteValidation {
    /// Field names that would carry a position; telemetry and subscriptions never accept them.
    static let forbidden: Set<String> = [
        "lat", "lon", "lng", "latitude", "longitude", "coordinate", "coordinates", "location", "position", "gps",
        "home",
    ]

    static func telemetry(_ body: Data) -> Result<TelemetryBatch, Problem> {
        decodeStrict(
            body, allowed: ["installHash", "appVersion", "events"],
            nested: ["events": ["kind", "at", "durationMs", "code"]]
        )
        .flatMap { (batch: TelemetryBatch) in
            guard isInstallHash(batch.installHash) else {
                return .failure(invalid("installHash must be 16 to 64 hex digits"))
            }
            guard batch.appVersion.count <= 32 else { return .failure(invalid("appVersion is too long")) }
            guard batch.events.count <= 100 else { return .failure(invalid("at most 100 events per batch")) }
            for (i, event) in batch.events.enumerated() {
                guard event.kind.known != nil else {
                    return .failure(invalid("events[\(i)].kind '\(event.kind.rawValue)' is not a known event"))
                }
                guard (event.durationMs ?? 0) >= 0, (event.code?.count ?? 0) <= 64 else {
                    return .failure(invalid("events[\(i)] is out of range"))
                }
            }
            return .success(batch)
        }
    }

    /// A subscription body: one target (a known lot, or a known park's total), a threshold, quiet hours, and a Web
    /// Push target only where this deployment sends push (`endpoints` set): its endpoint on a push service, its
    /// keys a real P-256 point and a 16-byte secret.
    static func subscription(_ body: Data, catalog: Catalog, endpoints: PushEndpointPolicy?, now: Date)
        -> Result<PushSubscription, Problem>
    {
        let fields: Set<String> = [
            "installHash", "lotId", "parkId", "threshold", "quietFrom", "quietUntil", "forecastFill", "language",
            "push", "arriveAt",
        ]
        return decodeStrict(
            body, allowed: fields, nested: [:],
            objects: ["push": ["endpoint", "keys"], "push.keys": ["p256dh", "auth"]]
        )
        .flatMap { (sub: PushSubscription) in
            guard isInstallHash(sub.installHash) else {
                return .failure(invalid("installHash must be 16 to 64 hex digits"))
            }
            switch (sub.lotId, sub.parkId) {
            case (let lot?, nil):
                guard catalog.lot(lot) != nil else { return .failure(invalid("unknown lotId '\(lot.rawValue)'")) }
            case (nil, let park?):
                guard catalog.park(park) != nil else {
                    return .failure(invalid("unknown parkId '\(park.rawValue)'"))
                }
            default:
                return .failure(invalid("give exactly one of lotId (a lot) and parkId (a whole park)"))
            }
            guard (1...1000).contains(sub.threshold) else {
                return .failure(invalid("threshold must be 1 to 1000"))
            }
            for time in [sub.quietFrom, sub.quietUntil].compactMap({ $0 })
            where OpeningHours.minuteOfDay(time) == nil {
                return .failure(invalid("quiet hours must be HH:MM"))
            }
            guard (sub.quietFrom == nil) == (sub.quietUntil == nil) else {
                return .failure(invalid("give both quietFrom and quietUntil, or neither"))
            }
            if let arrival = sub.arriveAt {
                guard sub.lotId != nil else { return .failure(invalid("arriveAt is a trip to a lot: give lotId")) }
                // Only pushes are watched: a trip without a push target would tell no one and never end.
                guard sub.push != nil else { return .failure(invalid("arriveAt is told by Web Push: give push")) }
                let reach = TimeInterval(ArrivalRanking.reachMinutes * 60)
                guard arrival > now, arrival <= now.addingTimeInterval(reach + 60) else {
                    return .failure(
                        invalid(
                            "arriveAt must be in the next \(ArrivalRanking.reachMinutes) minutes (the forecast's reach)"
                        ))
                }
            }
            if let language = sub.language, !["ko", "en"].contains(language) {
                return .failure(invalid("language must be ko or en"))
            }
            if let push = sub.push {
                guard let endpoints else {
                    return .failure(invalid("this deployment sends no push alerts (VAPID_SUBJECT is not set)"))
                }
                guard push.endpoint.utf8.count <= 1024 else { return .failure(invalid("push.endpoint is too long")) }
                if case .failure(let refusal) = endpoints.check(push.endpoint) {
                    return .failure(invalid(refusal.description))
                }
                do throws(SubscriberKeys.Problem) {
                    _ = try SubscriberKeys(p256dh: push.keys.p256dh, auth: push.keys.auth)
                } catch {
                    return .failure(invalid(error.description))
                }
            }
            return .success(sub)
        }
    }

    /// Decodes `body` refusing positions and unknown fields: `allowed` at the top, `nested` in arrays of objects,
    /// `objects` in the objects at those dotted paths.
    private static func decodeStrict<T: Decodable>(
        _ body: Data, allowed: Set<String>, nested: [String: Set<String>], objects: [String: Set<String>] = [:]
    ) -> Result<T, Problem> {
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: body) } catch {
            // Where the JSON breaks, in the decoder's words (the one wording of a refused body).
            do throws(ContractError) {
                _ = try ContractCoding.decode(T.self, from: body, sizeLimit: 64 * 1024)
            } catch {
                return .failure(invalid(error.requestDescription))
            }
            return .failure(invalid("the request body is not valid JSON"))
        }
        guard let object = parsed as? [String: Any] else {
            return .failure(invalid("the request body is not a JSON object"))
        }
        if let field = forbiddenField(in: object) {
            return .failure(
                Problems.make(.forbiddenField, "field '\(field)' is not accepted: writes never carry positions"))
        }
        for key in object.keys where !allowed.contains(key) {
            return .failure(invalid("unknown field '\(key)'"))
        }
        for (path, keys) in objects {
            var found: Any? = object
            for step in path.split(separator: ".") { found = (found as? [String: Any])?[String(step)] }
            for inner in (found as? [String: Any])?.keys.sorted() ?? [] where !keys.contains(inner) {
                return .failure(invalid("unknown field '\(path).\(inner)'"))
            }
        }
        for (key, keys) in nested {
            for element in object[key] as? [[String: Any]] ?? [] {
                for inner in element.keys where !keys.contains(inner) {
                    return .failure(invalid("unknown field '\(key).\(inner)'"))
                }
            }
        }
        do {
            return .success(try ContractCoding.decode(T.self, from: body, sizeLimit: 64 * 1024))
        } catch {
            return .failure(invalid(error.requestDescription))
        }
    }

    private static func forbiddenField(in value: Any) -> String? {
        if let object = value as? [String: Any] {
            for (key, inner) in object {
                if forbidden.contains(key.lowercased()) { return key }
                if let found = forbiddenField(in: inner) { return found }
            }
        } else if let array = value as? [Any] {
            for inner in array { if let found = forbiddenField(in: inner) { return found } }
        }
        return nil
    }

    private static func isInstallHash(_ s: String) -> Bool {
        (16...64).contains(s.count) && s.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    private static func invalid(_ detail: String) -> Problem { Problems.make(.invalidBody, detail) }
}
