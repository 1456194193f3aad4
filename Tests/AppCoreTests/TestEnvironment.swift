import AppCore
import Foundation
import Localization
import Models
import Repositories
import Storage
import Synchronization
import TestFixtures

/// An in-memory environment for the store's pure logic: summaries from the fixture, settings and snapshot writes
/// recorded.
final class TestWorld: Sendable {
    let settings = Mutex(Settings())
    let written = Mutex<[ParkID]>([])
    let failing = Mutex(false)
    /// Where a phone opens pages in this world (none, by default: the embedded backend).
    let pages = Mutex(PageAddress.unavailable(Reason(.pageNoneEmbedded)))
    let summary: HomeSummary

    init() throws {
        summary = try Fixtures.homeSummary()
    }

    /// The fixture relabelled as another park (for stores that visit several parks).
    func summary(for park: ParkID) -> HomeSummary {
        var copy = summary
        copy.park.id = park
        copy.parking.parkId = park
        copy.forecast.parkId = park
        copy.outing.parkId = park
        return copy
    }

    var environment: AppEnvironment {
        AppEnvironment(
            cachedSummary: { _ in nil },
            loadSummary: { park, _ in
                if self.failing.withLock({ $0 }) {
                    throw RepositoryUnavailable(reason: Reason(verbatim: "server down"))
                }
                return Loaded(
                    value: self.summary(for: park), origin: .network, trust: .current, fetchedAt: TestClock.now())
            },
            loadParks: { _ in throw RepositoryUnavailable(reason: Reason(verbatim: "not in this test")) },
            loadSettings: { (self.settings.withLock { $0 }, nil) },
            updateSettings: { change in
                self.settings.withLock {
                    change(&$0)
                    return $0
                }
            },
            writeSnapshots: { summary, _ in self.written.withLock { $0.append(summary.park.id) } },
            pageAddress: { _ in self.pages.withLock { $0 } })
    }
}
