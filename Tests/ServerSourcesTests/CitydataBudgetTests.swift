import Foundation
import Testing

@testable import ServerSources

/// One call per area per interval, whatever order the callers' clocks were read in.
struct CitydataBudgetTests {
    @Test func aCallerWhoseTimeWasReadJustBeforeAnotherCallSharesIt() {
        let budget = CitydataBudget(interval: 300)
        let called = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(!budget.isRecent("POI072", at: called))
        budget.record("POI072", .noItem, at: called)
        #expect(budget.isRecent("POI072", at: called.addingTimeInterval(-2)))
        #expect(budget.isRecent("POI072", at: called.addingTimeInterval(299)))
        #expect(!budget.isRecent("POI072", at: called.addingTimeInterval(301)))
        #expect(!budget.isRecent("POI105", at: called))
    }

    @Test func aClockSteppedBackPastTheIntervalCallsAgain() {
        let budget = CitydataBudget(interval: 300)
        let called = Date(timeIntervalSince1970: 1_800_000_000)
        budget.record("POI072", .noItem, at: called)
        #expect(!budget.isRecent("POI072", at: called.addingTimeInterval(-3600)))
    }
}
