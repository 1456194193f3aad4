import Foundation
import Localization
import Models
import Storage
import Synchronization
import TestFixtures
import Testing
import WidgetFront

@Suite struct WidgetRunnerTests {
    @Test func theWidgetRunnerCountsOnlyDeliveredAlerts() async throws {
        let container = SharedContainer(
            url: FileManager.default.temporaryDirectory.appendingPathComponent("hj-runner-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: container.url) }
        try SettingsStore(container: container).update { $0.alertThresholds = ["yeouido-4": 5] }
        let sent = Mutex<[String]>([])
        let working = Mutex(false)
        let runner = WidgetRunner(
            container: container, environment: [:], makeFetch: { { _ in try Fixtures.homeSummary() } },
            now: { ISO8601.parse("2026-11-22T14:10:00+09:00")! },
            notify: { alert in
                guard working.withLock({ $0 }) else { return .failed(Reason(.alertNoNotifier)) }
                sent.withLock { $0.append(alert.title) }
                return .delivered
            })
        var options = WidgetRunner.Options()
        options.park = "yeouido"
        options.maxAge = 0
        let failed = await runner.run(options)
        #expect(
            failed.messages.contains {
                $0.contains("Yeouido Lot 4: 0 spaces left") && $0.contains("notify-send is not installed")
            })
        working.withLock { $0 = true }
        _ = await runner.run(options)
        _ = await runner.run(options)
        #expect(sent.withLock { $0 } == ["Yeouido Lot 4: 0 spaces left"])
    }
}
