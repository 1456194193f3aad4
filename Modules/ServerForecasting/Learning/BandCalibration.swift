import Foundation
import Models

/// How much wider or narrower than its ``ConformalBands`` the served model's p10...p90 band is drawn, learned day by
/// day from what the served forecasts missed: adaptive conformal inference (Gibbs & Candès, 2021) on the band's
/// width, one day's forecasts at a time.
///
/// After each day, for each horizon, the width's logarithm moves by ``step`` × (the day's share of actual values
/// outside the band − 20%): a day that missed more than one value in five widens the next day's bands, one that
/// missed fewer narrows them. Over any run of days the misses average 20% within the width's travel divided by
/// `step` × days, whatever the data does, so no constant is tuned to a history.
///
/// Day kinds: every day moves the horizon's pooled width; a day also moves its own kind's departure from the pooled
/// width. A kind with no days of its own yet (a first Saturday) is served the pooled width, and its departure grows
/// only from its own days' misses: weekends and holidays borrow until they have a record.
///
/// The band itself is the mean of the conformal band and the quantile models' edges: ``offsets(_:quantiles:key:)``.
public struct BandCalibration: Sendable, Codable, Equatable {
    /// The share of actual values a band should hold: p10...p90.
    public static let target = 0.8
    /// How far one day's misses move the width's logarithm (a day missing 30% widens by e^0.1, about 10.5%).
    static let step = 1.0
    /// The width never goes below a quarter or above four times the conformal bands'.
    static let travel = log(4.0)
    /// A day's horizon with fewer forecasts than this is not recorded: too few to say anything.
    static let minimumForecasts = 20

    /// One horizon's learned widths, as logarithms of factors on the conformal bands.
    public struct Horizon: Sendable, Codable, Equatable {
        public var minutes: Int
        /// Moved by every day.
        public var pooled = 0.0
        /// Each day kind's departure from `pooled` (index: 0 working, 1 Saturday, 2 Sunday or holiday), moved by that
        /// kind's days only.
        public var own = [0.0, 0.0, 0.0]
        /// Days recorded per kind.
        public var days = [0, 0, 0]
    }

    public var horizons: [Horizon] = []
    /// The last local day recorded (the calendar's day number), nil before the first.
    public var through: Int?
    /// The risk of no space as it turned out, recorded from the same days.
    public var risk = RiskCalibration()
    /// The mechanisms the band is drawn from: all of them, except in the backtest's ablation. Not stored.
    public var parts = BandParts.all

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case horizons, through, risk
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        horizons = try container.decode([Horizon].self, forKey: .horizons)
        through = try container.decodeIfPresent(Int.self, forKey: .through)
        // A model kept before the risk was learned starts its record empty.
        risk = try container.decodeIfPresent(RiskCalibration.self, forKey: .risk) ?? RiskCalibration()
    }

    /// The band's mechanisms, each of which the backtest's ablation takes away in turn.
    public struct BandParts: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The spread model's unit times the held-out week's percentiles (``ConformalBands``).
        public static let conformal = BandParts(rawValue: 1)
        /// The quantile models' edges.
        public static let quantiles = BandParts(rawValue: 4)
        /// The learned factor per horizon and day kind.
        public static let calibration = BandParts(rawValue: 8)
        public static let all: BandParts = [.conformal, .quantiles, .calibration]
    }

    /// A row's p10 and p90 as served, as offsets from p50 in shares of capacity (negative below): the mean of its
    /// conformal band's offsets (`conformal`) and the quantile models' offsets (`quantiles`, an edge on the wrong
    /// side of p50 taken as p50) where given, times the learned factor of its horizon and day kind.
    public func offsets(
        _ conformal: (low: Double, high: Double), quantiles: (low: Double, high: Double)? = nil,
        key: ConformalBands.Key
    ) -> (low: Double, high: Double) {
        var band = parts.contains(.conformal) ? conformal : nil
        if parts.contains(.quantiles), let quantiles {
            let edges = (low: min(quantiles.low, 0), high: max(quantiles.high, 0))
            band = band.map { (($0.low + edges.low) / 2, ($0.high + edges.high) / 2) } ?? edges
        }
        // A part taken away with nothing left in its place (no quantile models): the conformal band.
        let drawn = band ?? conformal
        let factor = parts.contains(.calibration) ? factor(minutes: key.minutes, kind: key.kind) : 1
        return (drawn.low * factor, drawn.high * factor)
    }

    /// The factor on the conformal band of a horizon (the nearest recorded) and day kind; 1 before any record.
    public func factor(minutes: Int, kind: Int) -> Double {
        guard
            let horizon = horizons.min(by: { abs($0.minutes - minutes) < abs($1.minutes - minutes) }),
            horizon.own.indices.contains(kind)
        else { return 1 }
        return exp(Self.clamped(horizon.pooled + horizon.own[kind]))
    }

    /// What one day's served forecasts did, per horizon: how many had their actual value inside p10...p90, and
    /// whether the lots they gave a risk of no space were then full.
    public struct Day: Sendable, Equatable {
        public var day: Int
        public var kind: Int
        public var byHorizon: [Int: Counts] = [:]
        public var risks = RiskCalibration()

        /// Forecasts made and those that held.
        public struct Counts: Sendable, Equatable {
            public var forecasts = 0
            public var inside = 0
        }

        public init(day: Int, kind: Int) {
            self.day = day
            self.kind = kind
        }

        /// Counts one forecast.
        public mutating func add(minutes: Int, inside: Bool) {
            byHorizon[minutes, default: Counts()].forecasts += 1
            if inside { byHorizon[minutes, default: Counts()].inside += 1 }
        }
    }

    /// The widths after `day`; a day already recorded (or earlier) changes nothing.
    public mutating func record(_ day: Day) {
        if let through, day.day <= through { return }
        through = day.day
        risk.merge(day.risks)
        guard (0...2).contains(day.kind) else { return }
        for (minutes, counts) in day.byHorizon.sorted(by: { $0.key < $1.key })
        where counts.forecasts >= Self.minimumForecasts {
            let missed = 1 - Double(counts.inside) / Double(counts.forecasts)
            let move = Self.step * (missed - (1 - Self.target))
            var horizon = horizons.first { $0.minutes == minutes } ?? Horizon(minutes: minutes)
            horizon.pooled = Self.clamped(horizon.pooled + move)
            horizon.own[day.kind] = Self.clamped(horizon.own[day.kind] + move)
            horizon.days[day.kind] += 1
            if let index = horizons.firstIndex(where: { $0.minutes == minutes }) {
                horizons[index] = horizon
            } else {
                horizons.append(horizon)
                horizons.sort { $0.minutes < $1.minutes }
            }
        }
    }

    static func clamped(_ logFactor: Double) -> Double { min(max(logFactor, -travel), travel) }
}
