import Foundation
import Models
import ServerCollection
import ServerForecasting
import ServerSources
import Testing

/// The rule forecaster: no evidence, bands from history, the crowd baseline.
@Suite struct ForecastTests {
    @Test func noEvidenceGivesAnEmptyForecastWithAReason() async throws {
        let lot = Catalog.bundled.lot("banpo-1")!
        let forecast = try await Forecaster().forecast(
            lot: lot, history: MemoryHistoryStore(), now: ISO8601.parse("2026-11-22T14:00:00+09:00")!)
        #expect(forecast.points.isEmpty)
        #expect(forecast.gap == .known(.noHistory))
    }

    @Test func forecastsBlendHistoryIntoBands() async throws {
        let catalog = Catalog.bundled
        let model = SimulationModel(catalog: catalog)
        let lot = catalog.lot("yeouido-1")!
        let history = MemoryHistoryStore()
        let now = ISO8601.parse("2026-11-21T13:00:00+09:00")!  // a Saturday
        let nowBucket = TimeSlot.index(of: now)
        try await history.record(
            ((nowBucket - 28 * TimeSlot.perDay)...nowBucket).map {
                LotReading(
                    lotId: lot.id, available: model.available(lot: lot, at: TimeSlot.start(of: $0)),
                    observedAt: TimeSlot.start(of: $0))
            })
        let forecast = try await Forecaster().forecast(lot: lot, history: history, now: now)
        #expect(forecast.points.map(\.minutesAhead) == [30, 60, 90, 120, 150, 180])
        for point in forecast.points {
            #expect(point.p10 <= point.p50 && point.p50 <= point.p90)
            #expect(point.p90 <= lot.capacity)
            #expect((0...1).contains(point.riskOfNoSpace))
            #expect(point.reasons.contains(.known(.holidayPattern)))
        }
        #expect(forecast.points.first?.confidence == .known(.high))
        #expect(forecast.points.last?.confidence == .known(.low))
    }

    @Test func crowdBaselineWhenTheSourceHasNoForecast() {
        let points = [30, 60, 120].map { m in
            ForecastPoint(
                at: Date(timeIntervalSince1970: Double(m) * 60), minutesAhead: m, p10: 0, p50: m == 60 ? 10 : 90,
                p90: 100, riskOfNoSpace: 0, confidence: .known(.low), reasons: [])
        }
        let crowd = Collector.crowdBaseline(from: ParkingForecast(lotId: nil, points: points), capacity: 100)
        #expect(crowd.basis == .known(.baseline))
        #expect(crowd.points.map(\.level) == [.known(.crowded), .known(.relaxed)])
    }
}
