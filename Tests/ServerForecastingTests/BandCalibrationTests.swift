import Foundation
import Models
import TestFixtures
import Testing

@testable import ServerForecasting

/// The bands' widths learn from what the served forecasts missed, day by day, per horizon and day kind.
@Suite struct BandCalibrationTests {
    /// A day of `forecasts` forecasts at one horizon of which `inside` held.
    static func day(_ number: Int, kind: Int = 0, minutes: Int = 60, forecasts: Int = 100, inside: Int)
        -> BandCalibration.Day
    {
        var day = BandCalibration.Day(day: number, kind: kind)
        for index in 0..<forecasts { day.add(minutes: minutes, inside: index < inside) }
        return day
    }

    @Test func aDayThatMissedMoreWidensAndOneThatMissedLessNarrows() {
        var calibration = BandCalibration()
        #expect(calibration.factor(minutes: 60, kind: 0) == 1)
        calibration.record(Self.day(1, inside: 70))
        let widened = calibration.factor(minutes: 60, kind: 0)
        #expect(widened > 1)
        calibration.record(Self.day(2, inside: 80))
        #expect(calibration.factor(minutes: 60, kind: 0) == widened, "a day that held 80% leaves it")
        calibration.record(Self.day(3, inside: 95))
        #expect(calibration.factor(minutes: 60, kind: 0) < widened)
        // The nearest horizon recorded answers for another.
        #expect(calibration.factor(minutes: 90, kind: 0) == calibration.factor(minutes: 60, kind: 0))
    }

    @Test func aDayIsRecordedOnceAndADayWithTooFewForecastsNotAtAll() {
        var calibration = BandCalibration()
        calibration.record(Self.day(5, forecasts: 10, inside: 0))
        #expect(calibration.factor(minutes: 60, kind: 0) == 1)
        #expect(calibration.through == 5)
        calibration.record(Self.day(5, inside: 0))
        calibration.record(Self.day(4, inside: 0))
        #expect(calibration.factor(minutes: 60, kind: 0) == 1, "a day already recorded, or earlier, changes nothing")
    }

    @Test func aKindWithoutDaysOfItsOwnBorrowsThePooledWidthThenLearnsItsOwn() {
        var calibration = BandCalibration()
        for number in 1...5 { calibration.record(Self.day(number, kind: 0, inside: 70)) }
        let working = calibration.factor(minutes: 60, kind: 0)
        let saturday = calibration.factor(minutes: 60, kind: 1)
        #expect(saturday > 1 && saturday < working, "the pooled width, without the working days' own departure")
        // Saturdays that held more than they should narrow only Saturdays' own departure.
        for week in 0..<4 { calibration.record(Self.day(6 + 7 * week, kind: 1, inside: 95)) }
        #expect(calibration.factor(minutes: 60, kind: 1) < saturday)
        #expect(calibration.horizons.first?.days == [5, 4, 0])
    }

    /// Closed loop: forecasts whose errors are normal with a spread that doubles on day 20 and is back on day 40, a
    /// band drawn for the first spread and widened by the learned factor. Within a week of each change the width has
    /// followed, and the coverage over the whole run is the target's.
    @Test func theWidthFollowsErrorsThatWidenMidWayAndShrinkAgain() {
        var calibration = BandCalibration()
        var generator = SeededNoise(seed: 42)
        var factors: [Double] = []
        var (forecasts, inside) = (0, 0)
        for number in 0..<60 {
            let spread = (20..<40).contains(number) ? 2.0 : 1.0
            let half = 1.2816 * calibration.factor(minutes: 60, kind: 0)
            var day = BandCalibration.Day(day: number, kind: 0)
            for _ in 0..<400 {
                let held = abs(generator.normal() * spread) <= half
                day.add(minutes: 60, inside: held)
                forecasts += 1
                if held { inside += 1 }
            }
            calibration.record(day)
            factors.append(calibration.factor(minutes: 60, kind: 0))
        }
        #expect(abs(factors[18] - 1) < 0.15, "\(factors[18])")
        #expect(factors[26] > 1.7, "a week after the errors doubled: \(factors[26])")
        #expect(factors[46] < 1.3, "a week after they shrank again: \(factors[46])")
        #expect(abs(Double(inside) / Double(forecasts) - 0.8) < 0.02)
    }

    /// The backtest's own step: served forecasts recorded by the local day of their target, the later ones kept.
    @Test func servedForecastsAreRecordedByTheirTargetsDay() throws {
        let calendar = ForecastCalendar.seoul
        let midnight = (20_500 * 86_400 - calendar.offsetSeconds) / TimeSlot.seconds
        let served = (0..<60).map { index in
            ServedForecast(
                lot: 0, start: midnight - 12, minutes: 60,
                target: midnight + (index < 40 ? 0 : TimeSlot.perDay),
                actual: index < 30 ? 5 : 50, p10: 0, p50: 5, p90: 10, risk: 0, rawRisk: 0)
        }
        var calibration = BandCalibration()
        let later = calibration.record(served, through: 20_500, calendar: calendar)
        #expect(later.count == 20)
        #expect(calibration.through == 20_500)
        #expect(calibration.horizons.first?.days.reduce(0, +) == 1)
        #expect(calibration.factor(minutes: 60, kind: 0) > 1, "10 of the day's 40 missed")
    }

    /// The served band is the mean of the conformal band and the quantile models' one, times the learned factor.
    @Test func theServedBandIsTheMeanOfTheConformalAndTheQuantileBandsTimesTheFactor() throws {
        let key = ConformalBands.Key(minutes: 60, kind: 0, block: 2)
        var calibration = BandCalibration()
        let conformal = (low: -0.2, high: 0.1)
        #expect(calibration.offsets(conformal, key: key) == conformal)
        for number in 1...3 {
            var day = BandCalibration.Day(day: number, kind: 0)
            for index in 0..<100 { day.add(minutes: 60, inside: index >= 30) }
            calibration.record(day)
        }
        let factor = calibration.factor(minutes: 60, kind: 0)
        #expect(factor > 1, "30 of each day's 100 missed")
        let served = calibration.offsets(conformal, key: key)
        #expect(abs(served.low - factor * -0.2) < 1e-9 && abs(served.high - factor * 0.1) < 1e-9)

        // An edge of the quantile models on the wrong side of p50 counts as p50.
        let quantiles = (low: -0.3, high: -0.05)
        let blended = calibration.offsets(conformal, quantiles: quantiles, key: key)
        #expect(abs(blended.low - factor * (-0.2 + -0.3) / 2) < 1e-9)
        #expect(abs(blended.high - factor * (0.1 + 0) / 2) < 1e-9)
        let fresh = BandCalibration().offsets(conformal, quantiles: (low: -0.1, high: 0.3), key: key)
        #expect(abs(fresh.low - -0.15) < 1e-9 && abs(fresh.high - 0.2) < 1e-9)

        // The ablation's parts: each mechanism taken away leaves the others; nothing left, the conformal band.
        var parts = calibration
        parts.parts = [.quantiles]
        let quantilesAlone = parts.offsets(conformal, quantiles: quantiles, key: key)
        #expect(quantilesAlone.low == -0.3 && quantilesAlone.high == 0)
        parts.parts = [.conformal, .quantiles]
        let withoutCalibration = parts.offsets(conformal, quantiles: quantiles, key: key)
        #expect(abs(withoutCalibration.low - (-0.2 + -0.3) / 2) < 1e-9)
        parts.parts = [.calibration]
        #expect(BandCalibration.decodedParts(parts) == .all, "the parts are not stored")
        var none = BandCalibration()
        none.parts = []
        #expect(none.offsets(conformal, key: key) == conformal)
    }
}

extension BandCalibration {
    /// The parts a stored calibration comes back with.
    static func decodedParts(_ calibration: BandCalibration) -> BandParts {
        (try? JSONDecoder().decode(BandCalibration.self, from: JSONEncoder().encode(calibration)))?.parts ?? []
    }
}
