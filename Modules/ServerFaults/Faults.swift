import Foundation
import Models
import Synchronization

/// Faults injected for tests (all off by default).
public struct FaultSettings: Sendable, Equatable {
    /// Added before every park-data response.
    public var latency: Duration = .zero
    /// Every n-th park-data request answers 503 (0 = never).
    public var serverErrorEvery = 0
    /// Park-data bodies are cut in half.
    public var truncateBody = false
    /// Park-data bodies describe another park.
    public var wrongPark = false
    /// Park-data bodies are not JSON.
    public var garbage = false
    /// These sources fail (last values turn stale); `failing-sources` names every collected one.
    public var failingSources: Set<SourceID> = []
    /// These sources' values are three hours old; `stale-sources` names every collected one.
    public var staleSources: Set<SourceID> = []
    /// Rebuilding a response fails (the last good one is served, its freshness intact).
    public var rebuildFails = false
    /// Every request proof is refused, as if the server had lost its signing keys.
    public var rejectProofs = false
    /// The server's clock runs this many seconds ahead (negative: behind).
    public var clockSkewSeconds = 0

    public init() {}

    /// The sources the collector reads, which `failing-sources` and `stale-sources` name when they name none.
    public static let collectedSources: Set<SourceID> = SourceID.wayThere.union([.parking, .crowd, .weather, .events])

    /// Parses `latency=200ms,5xx=3,truncate,wrong-park,garbage,failing-sources[=SOURCE+...],stale-sources[=SOURCE+...],
    /// rebuild-fails,reject-proofs,clock-skew=SECONDS` (or `none`); e.g. `stale-sources=weather`.
    public init(parsing spec: String) throws(FaultSpecError) {
        self.init()
        for part in spec.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) })
        where !part.isEmpty && part != "none" {
            let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
            switch kv[0] {
            case "latency":
                guard kv.count == 2, let ms = Int(kv[1].replacingOccurrences(of: "ms", with: "")), ms >= 0 else {
                    throw FaultSpecError(part: part)
                }
                latency = .milliseconds(ms)
            case "5xx":
                guard kv.count == 2, let n = Int(kv[1]), n > 0 else { throw FaultSpecError(part: part) }
                serverErrorEvery = n
            case "truncate": truncateBody = true
            case "wrong-park": wrongPark = true
            case "garbage": garbage = true
            case "failing-sources": failingSources = try Self.sources(kv, part: part)
            case "stale-sources": staleSources = try Self.sources(kv, part: part)
            case "rebuild-fails": rebuildFails = true
            case "reject-proofs": rejectProofs = true
            case "clock-skew":
                guard kv.count == 2, let seconds = Int(kv[1]) else { throw FaultSpecError(part: part) }
                clockSkewSeconds = seconds
            default: throw FaultSpecError(part: part)
            }
        }
    }

    /// `failing-sources` (every collected source) or `failing-sources=weather+crowd`.
    static func sources(_ kv: [String], part: String) throws(FaultSpecError) -> Set<SourceID> {
        guard kv.count == 2 else { return collectedSources }
        var named: Set<SourceID> = []
        for name in kv[1].split(separator: "+") {
            guard let id = SourceID(rawValue: String(name)), collectedSources.contains(id) else {
                throw FaultSpecError(part: part)
            }
            named.insert(id)
        }
        return named
    }
}

/// An unknown fault in a `--faults` spec.
public struct FaultSpecError: Error, CustomStringConvertible {
    public var part: String
    public var description: String {
        "unknown fault '\(part)' (use latency=MS, 5xx=N, truncate, wrong-park, garbage, failing-sources[=SOURCE+...], stale-sources[=SOURCE+...] with SOURCE parking, crowd, weather or events, rebuild-fails, reject-proofs, clock-skew=SECONDS)"
    }
}

/// The current faults, changeable while the server runs (admin endpoint).
public final class FaultSwitch: Sendable {
    private let box: Mutex<FaultSettings>
    private let counter = Mutex<Int>(0)

    public init(_ settings: FaultSettings = FaultSettings()) {
        box = Mutex(settings)
    }

    public var current: FaultSettings {
        get { box.withLock { $0 } }
        set { box.withLock { $0 = newValue } }
    }

    /// Counts a park-data request and says whether it should fail with 503, given `every` (the `5xx` fault of the
    /// settings the request already read).
    public func shouldFailThisRequest(every: Int) -> Bool {
        guard every > 0 else { return false }
        return counter.withLock { count in
            count += 1
            return count % every == 0
        }
    }
}
