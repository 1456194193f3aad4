import Foundation
import Models
import Testing

@Suite struct AlertRuleTests {
    let afternoon = ISO8601.parse("2026-11-23T14:00:00+09:00")!
    let night = ISO8601.parse("2026-11-23T23:30:00+09:00")!
    let condition = AlertCondition(threshold: 30, quietFrom: "22:00", quietUntil: "07:00")

    func seen(_ available: Int?, _ freshness: FreshnessState = .fresh, closed: Bool = false, fills: Bool? = nil)
        -> AlertObservation
    {
        AlertObservation(available: available, freshness: freshness, closed: closed, fillsSoon: fills)
    }

    /// Runs the rule over a series of values the way a watcher does, returning the alerts sent.
    func alerts(_ values: [AlertObservation], _ condition: AlertCondition, at now: Date) -> [AlertTrigger] {
        var armed = true
        var sent: [AlertTrigger] = []
        for value in values {
            switch AlertRule.decide(value, condition, armed: armed, now: now) {
            case .notify(let trigger):
                sent.append(trigger)
                armed = false
            case .rearm: armed = true
            case .hold: break
            }
        }
        return sent
    }

    @Test func oneAlertPerCrossingReArmedOnlyWhenTheValueRecovers() {
        let values = [50, 29, 20, 10, 29, 30, 28, 12].map { seen($0) }
        #expect(alerts(values, condition, at: afternoon) == [.belowThreshold, .belowThreshold])
    }

    /// A trip's lot, forecast at arrival: one alert when under its margin, and never re-armed after.
    @Test func aTripIsToldOnceAndNeverReArmed() {
        func atArrival(_ p50: Int) -> AlertObservation {
            AlertObservation(available: p50, freshness: .fresh, closed: false, atArrival: true)
        }
        let margin = AlertCondition(threshold: 30)
        #expect(AlertRule.decide(atArrival(50), margin, armed: true, now: afternoon) == .hold)
        #expect(AlertRule.decide(atArrival(12), margin, armed: true, now: afternoon) == .notify(.fillsBeforeArrival))
        #expect(alerts([50, 12, 40, 10].map(atArrival), margin, at: afternoon) == [.fillsBeforeArrival])
        let stale = AlertObservation(available: nil, freshness: .stale, closed: false, atArrival: true)
        #expect(AlertRule.decide(stale, margin, armed: true, now: afternoon) == .hold)
    }

    @Test func nothingInQuietHoursAndAQuietCrossingIsNotSentLater() {
        #expect(alerts([seen(50), seen(10)], condition, at: night).isEmpty)
        #expect(AlertRule.decide(seen(10), condition, armed: true, now: night) == .hold)
        #expect(AlertRule.decide(seen(10), condition, armed: true, now: afternoon) == .notify(.belowThreshold))
    }

    @Test func neverFromAStaleMissingOrClosedValueAndThoseDoNotReArmEither() {
        for value in [seen(5, .stale), seen(5, .unavailable), seen(nil), seen(0, closed: true), seen(80, .stale)] {
            #expect(AlertRule.decide(value, condition, armed: true, now: afternoon) == .hold)
            #expect(AlertRule.decide(value, condition, armed: false, now: afternoon) == .hold)
        }
        // A lot that closes and reopens still full is not a new crossing.
        #expect(alerts([seen(10), seen(0, closed: true), seen(10)], condition, at: afternoon) == [.belowThreshold])
    }

    @Test func theForecastConditionAlertsBeforeTheCountFalls() {
        var forecasting = condition
        forecasting.onForecastFill = true
        #expect(
            alerts([seen(80, fills: false), seen(70, fills: true), seen(60, fills: true)], forecasting, at: afternoon)
                == [.forecastFills])
        // Without the condition the forecast is not a reason.
        #expect(alerts([seen(70, fills: true)], condition, at: afternoon).isEmpty)
        // Filling, then below: one crossing, one alert.
        #expect(alerts([seen(70, fills: true), seen(20, fills: true)], forecasting, at: afternoon) == [.forecastFills])
    }
}
