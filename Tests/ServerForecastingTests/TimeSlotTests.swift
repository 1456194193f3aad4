import Foundation
import ServerForecasting
import ServerSources
import Testing

/// The history's time slot: five minutes from 1970 UTC, 288 a day, and the simulation's buckets fall on the same.
struct TimeSlotTests {
    @Test func aSlotIsFiveMinutesAndADayHoldsTwoHundredEightyEight() {
        #expect(TimeSlot.perDay == 288 && TimeSlot.perWeek == 2016 && TimeSlot.seconds == 300)
        let instant = Date(timeIntervalSince1970: 1_795_000_123)
        let slot = TimeSlot.index(of: instant)
        #expect(TimeSlot.start(of: slot) <= instant && instant < TimeSlot.start(of: slot + 1))
        #expect(TimeSlot.index(of: TimeSlot.start(of: slot)) == slot)
        #expect(TimeSlot.start(of: slot + TimeSlot.perDay).timeIntervalSince(TimeSlot.start(of: slot)) == 86_400)
        #expect(TimeSlot.index(of: instant) == slot, "simulated readings land in the history's slots")
    }
}
