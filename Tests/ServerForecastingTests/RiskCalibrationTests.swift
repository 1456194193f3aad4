import Foundation
import Testing

@testable import ServerForecasting

/// The risk of no space is served as it turned out on the days the model served: per horizon and range of risk.
@Suite struct RiskCalibrationTests {
    /// `forecasts` forecasts at `minutes` saying `risk`, of which `full` found the lot full.
    static func record(_ calibration: inout RiskCalibration, minutes: Int = 30, risk: Double, forecasts: Int, full: Int)
    {
        for index in 0..<forecasts { calibration.add(minutes: minutes, risk: risk, full: index < full) }
    }

    @Test func nothingRecordedServesTheRiskAsSaid() {
        #expect(RiskCalibration().calibrated(0.18, minutes: 30) == 0.18)
    }

    /// The recordings' case: forecasts that said about 20% found the lot full 45% of the time.
    @Test func aRangeThatFilledMoreOftenThanSaidIsServedWhatItDid() {
        var calibration = RiskCalibration()
        Self.record(&calibration, risk: 0.18, forecasts: 1000, full: 450)
        let served = calibration.calibrated(0.15, minutes: 30)
        #expect(abs(served - 0.44) < 0.015, "\(served)")
        // The nearest horizon recorded answers for another; another range keeps what it says.
        #expect(calibration.calibrated(0.15, minutes: 60) == served)
        #expect(calibration.calibrated(0.01, minutes: 30) == 0.01)
    }

    @Test func aRangeWithFewForecastsMovesOnlyPartWayFromWhatItSaid() {
        var calibration = RiskCalibration()
        Self.record(&calibration, risk: 0.25, forecasts: 10, full: 10)
        let served = calibration.calibrated(0.25, minutes: 30)
        #expect(served > 0.25 && served < 0.6, "10 full of 10 against 20 pseudo-forecasts at 25%: \(served)")
    }

    /// A higher risk is never served as a lower one: ranges out of order are pooled.
    @Test func aHigherRiskIsNeverServedLowerThanALowerOne() {
        var calibration = RiskCalibration()
        Self.record(&calibration, risk: 0.15, forecasts: 1000, full: 600)
        Self.record(&calibration, risk: 0.35, forecasts: 1000, full: 400)
        let low = calibration.calibrated(0.15, minutes: 30)
        let high = calibration.calibrated(0.35, minutes: 30)
        #expect(low == high && low > 0.4 && low < 0.6, "pooled with the empty range between: \(low) \(high)")
    }

    /// A day's record is added once, with the band's (a day already recorded adds nothing).
    @Test func aDayAddsItsRisksOnce() {
        var day = BandCalibration.Day(day: 7, kind: 0)
        for index in 0..<100 { day.risks.add(minutes: 30, risk: 0.2, full: index < 50) }
        var calibration = BandCalibration()
        calibration.record(day)
        let once = calibration.risk
        calibration.record(day)
        #expect(calibration.risk == once)
        #expect(calibration.risk.horizons.first?.forecasts.reduce(0, +) == 100)
    }

    /// A model kept before the risk was learned reads back with an empty record (not refused).
    @Test func aKeptCalibrationWithoutARiskRecordReadsBack() throws {
        let json = Data(#"{"horizons":[],"through":12}"#.utf8)
        let calibration = try JSONDecoder().decode(BandCalibration.self, from: json)
        #expect(calibration.through == 12 && calibration.risk == RiskCalibration())
        var recorded = BandCalibration()
        recorded.risk.add(minutes: 30, risk: 0.3, full: true)
        let again = try JSONDecoder().decode(BandCalibration.self, from: try JSONEncoder().encode(recorded))
        #expect(again == recorded)
    }
}
