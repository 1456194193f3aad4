import Foundation
import Localization
import Models
import Storage

/// Local alerts, the Linux form of the original's push notifications: when a lot with a threshold falls below it,
/// notify once (re-armed when it rises again), never during quiet hours, never without a number to act on.
public struct LocalAlerts: Sendable {
    /// One notification to show.
    public struct Alert: Sendable, Equatable {
        public var lotId: LotID
        public var title: String
        public var body: String
    }

    public let container: SharedContainer

    public init(container: SharedContainer) {
        self.container = container
    }

    var stateURL: URL { container.file("alerts-state.json") }

    /// The alerts due for a fresh parking snapshot, recording them so none is sent twice.
    public func due(for snapshot: WidgetSnapshot, settings: Settings, language: WidgetLanguage, now: Date) -> [Alert] {
        guard !settings.alertThresholds.isEmpty, let lots = snapshot.parking?.lots else { return [] }
        let recorded = (AtomicFile.read(stateURL).flatMap { try? JSONDecoder().decode([String: Bool].self, from: $0) }) ?? [:]
        var below = recorded
        var alerts: [Alert] = []
        let quiet = Self.inQuietHours(now, from: settings.quietFrom, until: settings.quietUntil)
        for lot in lots {
            guard let threshold = settings.alertThresholds[lot.lotId], let available = lot.available else { continue }
            let key = lot.lotId.rawValue
            if available >= threshold {
                below[key] = false  // re-armed
                continue
            }
            guard below[key] != true, !quiet else { continue }
            below[key] = true
            let name = language == .ko ? lot.nameKo : lot.nameEn
            let l = Localizer(language)
            alerts.append(Alert(
                lotId: lot.lotId, title: l.plural(.alertTitle, count: available, name, available), body: l(.alertBody, threshold)))
        }
        // Written only when a lot crossed its threshold: the fresh path stays free of writes otherwise.
        if below != recorded, let data = try? JSONEncoder().encode(below) { try? AtomicFile.write(data, to: stateURL) }
        return alerts
    }

    /// Whether `now` (Seoul time) is inside quiet hours `from`..`until` (wrapping midnight).
    public static func inQuietHours(_ now: Date, from: String?, until: String?) -> Bool {
        guard let from, let until, let span = OpeningHours(open: from, close: until).minutes else { return false }
        let minute = SeoulTime(now).minuteOfDay
        return span.open <= span.close ? (minute >= span.open && minute < span.close) : (minute >= span.open || minute < span.close)
    }

    /// Shows alerts with `notify-send` when it exists; returns how many were shown.
    public static func notifySend(_ alerts: [Alert], environment: [String: String]) -> Int {
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/notify-send" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return 0 }
        var shown = 0
        for alert in alerts {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = ["--app-name=Hangangjari", "--icon=dialog-information", alert.title, alert.body]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            if (try? process.run()) != nil {
                process.waitUntilExit()
                if process.terminationStatus == 0 { shown += 1 }
            }
        }
        return shown
    }
}
