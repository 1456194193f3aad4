import Foundation
import Models
import Synchronization

/// What a Seoul key may spend: at most one call per area per interval, shared by every client of the server; a
/// pause after Seoul's transient errors (ERROR-500/600/601, HTTP errors, timeouts), doubling up to 30 minutes; a stop,
/// with the reason, when Seoul refuses the key (INFO-100). Calls are counted per Seoul day.
public final class CitydataBudget: Sendable {
    /// The fewest seconds between two calls for one area.
    public let interval: TimeInterval
    private struct State {
        var day = ""
        var calls = 0
        var lastCall: [String: Date] = [:]
        var backoff: [String: (until: Date, failures: Int)] = [:]
        var refused: CitydataFailure?
    }
    private let state = Mutex(State())

    public init(interval: TimeInterval) {
        self.interval = interval
    }

    /// Why no call may be made for `area` now (a refused key, or a pause), or nil when one may.
    public func refusal(_ area: String, at date: Date) -> CitydataFailure? {
        state.withLock { state in
            if let refused = state.refused { return refused }
            if let pause = state.backoff[area], date < pause.until { return .paused(until: pause.until) }
            return nil
        }
    }

    /// Whether the last call for `area` is recent enough that its answer should be reused: within the interval on
    /// either side of `date`. A caller whose time was read a moment before another's call ended shares that call
    /// (park sources collected side by side read the same neighbouring area); a clock stepped back by more than the
    /// interval calls again rather than waiting for the old time to come round.
    public func isRecent(_ area: String, at date: Date) -> Bool {
        guard let last = state.withLock({ $0.lastCall[area] }) else { return false }
        return abs(date.timeIntervalSince(last)) < interval
    }

    /// Counts a call made at `date` and learns from its result.
    public func record(_ area: String, _ result: CitydataResult, at date: Date) {
        state.withLock { state in
            let day = ISO8601.seoulDay(date)
            if state.day != day { (state.day, state.calls) = (day, 0) }
            state.calls += 1
            state.lastCall[area] = date
            switch result {
            case .failing(let failure) where failure.isTransient:
                let failures = (state.backoff[area]?.failures ?? 0) + 1
                let pause = min(30 * 60, 60 * pow(2, Double(failures - 1)))
                state.backoff[area] = (date.addingTimeInterval(pause), failures)
            case .failing(let failure) where failure.isKeyRefusal:
                state.refused = failure
            default:
                state.backoff[area] = nil
            }
        }
    }

    /// The calls made today and any pause or stop.
    public func usage(at date: Date) -> UpstreamUsage {
        state.withLock { state in
            let day = ISO8601.seoulDay(date)
            let pause = state.backoff.values.map(\.until).filter { $0 > date }.max().map {
                CitydataFailure.paused(until: $0)
            }
            let detail = (state.refused ?? pause)?.sourceDetail
            return UpstreamUsage(
                service: "Seoul citydata", day: day, callsToday: state.day == day ? state.calls : 0,
                intervalSeconds: Int(interval),
                detail: detail)
        }
    }
}
