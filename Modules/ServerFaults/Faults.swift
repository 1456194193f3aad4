import Foundation
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
    /// Every source fails (last values turn stale).
    public var failingSources = false
    /// Every source's values are three hours old.
    public var staleSources = false
    /// Rebuilding a response fails (the last good one is served, its freshness intact).
    public var rebuildFails = false
    /// Every request proof is refused, as if the server had lost its signing keys.
    public var rejectProofs = false
    /// The server's clock runs this many seconds ahead (negative: behind).
    public var clockSkewSeconds = 0

    public init() {}

    /// Parses `latency=200ms,5xx=3,truncate,wrong-park,garbage,failing-sources,stale-sources,rebuild-fails,reject-proofs,
    /// clock-skew=SECONDS` (or `none`).
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
            case "failing-sources": failingSources = true
            case "stale-sources": staleSources = true
            case "rebuild-fails": rebuildFails = true
            case "reject-proofs": rejectProofs = true
            case "clock-skew":
                guard kv.count == 2, let seconds = Int(kv[1]) else { throw FaultSpecError(part: part) }
                clockSkewSeconds = seconds
            default: throw FaultSpecError(part: part)
            }
        }
    }
}

/// An unknown fault in a `--faults` spec.
public struct FaultSpecError: Error, CustomStringConvertible {
    public var part: String
    public var description: String {
        "unknown fault '\(part)' (use latency=MS, 5xx=N, truncate, wrong-park, garbage, failing-sources, stale-sources, rebuild-fails, reject-proofs, clock-skew=SECONDS)"
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

    /// Counts a park-data request and says whether it should fail with 503.
    public func shouldFailThisRequest() -> Bool {
        let every = box.withLock { $0.serverErrorEvery }
        guard every > 0 else { return false }
        return counter.withLock { count in
            count += 1
            return count % every == 0
        }
    }
}
