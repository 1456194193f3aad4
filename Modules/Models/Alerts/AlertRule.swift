import FoundationEssentials

/// What an alert watches on its target (a lot or a whole park) at one moment.
public struct AlertObservation: Sendable, Equatable {
    /// Free spaces now; nil when there is no count.
    public var available: Int?
    /// How current that count is.
    public var freshness: FreshnessState
    /// The lot (or every lot of the park) is closed: its count says nothing about spaces.
    public var closed: Bool
    /// The forecast says the target fills within ``AlertRule/fillHorizonMinutes``; nil when there is no forecast.
    public var fillsSoon: Bool?
    /// A trip's observation: `available` is the forecast's p50 at the person's arrival, not a count.
    public var atArrival: Bool

    public init(
        available: Int?, freshness: FreshnessState, closed: Bool, fillsSoon: Bool? = nil, atArrival: Bool = false
    ) {
        self.available = available
        self.freshness = freshness
        self.closed = closed
        self.fillsSoon = fillsSoon
        self.atArrival = atArrival
    }
}

/// What a person asked to be told about.
public struct AlertCondition: Sendable, Equatable {
    /// The threshold offered for a target of `capacity` spaces: a tenth of them, at least 5 (the pages' alerts and
    /// a trip's margin).
    public static func defaultThreshold(capacity: Int) -> Int { max(5, (capacity + 5) / 10) }

    /// Alert when free spaces fall below this number.
    public var threshold: Int
    /// Also alert when the forecast says the target fills soon.
    public var onForecastFill: Bool
    /// Quiet hours, `HH:MM` in Seoul time (wrapping midnight); nil: none.
    public var quietFrom: String?
    public var quietUntil: String?

    public init(threshold: Int, onForecastFill: Bool = false, quietFrom: String? = nil, quietUntil: String? = nil) {
        self.threshold = threshold
        self.onForecastFill = onForecastFill
        self.quietFrom = quietFrom
        self.quietUntil = quietUntil
    }
}

/// Why an alert goes out.
public enum AlertTrigger: String, Sendable, Equatable, Codable {
    /// Free spaces fell below the threshold.
    case belowThreshold = "below_threshold"
    /// The forecast says the target fills within the hour.
    case forecastFills = "forecast_fills"
    /// A trip's lot is forecast to have fewer spaces than the threshold when the person arrives.
    case fillsBeforeArrival = "fills_before_arrival"
}

/// What the rule decides for one target.
public enum AlertDecision: Sendable, Equatable {
    /// Send one alert; the target is then not armed until it recovers.
    case notify(AlertTrigger)
    /// The target is above its threshold (and not forecast to fill): armed for the next crossing.
    case rearm
    /// Nothing to do: already told, quiet hours, or no current value to act on.
    case hold
}

/// The one alert rule, for the desktop's local alerts and the phone's Web Push alike, so the two can never
/// disagree: one alert per crossing below the threshold (or forecast to fill), re-armed only when the value
/// rises to the threshold again; never in quiet hours; never from a stale or missing value, and never while the
/// target is closed (a closed lot is not "0 spaces"), neither to alert nor to re-arm. A trip (an observation at
/// arrival) is told once: it never re-arms.
public enum AlertRule {
    /// How far ahead "forecast to fill" looks.
    public static let fillHorizonMinutes = 60
    /// The forecast's risk of no space at that horizon above which the target counts as filling.
    public static let fillRisk = 0.5

    /// The decision for a target that is `armed` (not told since it last recovered).
    public static func decide(
        _ observation: AlertObservation, _ condition: AlertCondition, armed: Bool, now: Date
    ) -> AlertDecision {
        guard observation.freshness == .fresh, !observation.closed, let available = observation.available else {
            return .hold
        }
        let fills = condition.onForecastFill && observation.fillsSoon == true
        let below: AlertTrigger = observation.atArrival ? .fillsBeforeArrival : .belowThreshold
        let trigger: AlertTrigger? = available < condition.threshold ? below : fills ? .forecastFills : nil
        guard let trigger else { return observation.atArrival ? .hold : .rearm }
        guard armed, !inQuietHours(now, from: condition.quietFrom, until: condition.quietUntil) else { return .hold }
        return .notify(trigger)
    }

    /// Whether `now` (Seoul time) is inside quiet hours `from`..`until` (wrapping midnight).
    public static func inQuietHours(_ now: Date, from: String?, until: String?) -> Bool {
        guard let from, let until else { return false }
        let quiet = OpeningHours(open: from, close: until)
        return quiet.minutes != nil && quiet.isOpen(atMinuteOfDay: SeoulTime(now).minuteOfDay)
    }
}
