import FoundationEssentials
import Localization
import Models
import Storage
import WidgetSnapshot

/// Local alerts, the Linux form of the original's push notifications, decided by the one ``AlertRule`` that the
/// server's Web Push alerts use too. An alert counts as sent only when it was delivered; one that could not be shown
/// is kept, tried again on the next run while it still holds, and reported by `doctor`.
public struct LocalAlerts: Sendable {
    /// One notification to show.
    public struct Alert: Sendable, Equatable, Codable {
        /// The lot or park id the threshold is set on.
        public var target: String
        public var title: String
        public var body: String

        public init(target: String, title: String, body: String) {
            self.target = target
            self.title = title
            self.body = body
        }
    }

    /// An alert that could not be shown, kept for the next run.
    public struct Undelivered: Sendable, Equatable, Codable {
        public var alert: Alert
        public var at: Date
        /// Why it was not shown (the notifier's own words).
        public var problem: String
    }

    /// What became of one notification.
    public enum Delivery: Sendable, Equatable {
        case delivered
        case failed(Reason)
    }

    /// What is remembered between runs: which targets were announced, and what could not be shown.
    struct State: Codable, Equatable {
        var announced: [String: Bool] = [:]
        var undelivered: [String: Undelivered] = [:]
    }

    public let container: SharedContainer

    public init(container: SharedContainer) {
        self.container = container
    }

    var stateURL: URL { container.file("alerts-state.json") }

    func loadState() -> State {
        guard let data = AtomicFile.read(stateURL) else { return State() }
        if let state = try? ContractCoding.makeDecoder().decode(State.self, from: data) { return state }
        // Files before 1.1 held only the announced map.
        return State(announced: (try? JSONDecoder().decode([String: Bool].self, from: data)) ?? [:])
    }

    func save(_ state: State, over old: State) {
        // Written only when something changed: the fresh path stays free of writes otherwise.
        if state != old, let data = try? ContractCoding.encode(state) { try? AtomicFile.write(data, to: stateURL) }
    }

    /// Alerts that could not be shown and are still kept.
    public func undelivered() -> [Undelivered] {
        loadState().undelivered.values.sorted { $0.alert.target < $1.alert.target }
    }

    /// The alerts due for a fresh parking snapshot. Nothing counts as sent until `record` hears it was delivered;
    /// a target back above its threshold is re-armed (and a kept alert for it dropped).
    public func due(for snapshot: WidgetSnapshot, settings: Settings, language: Language, now: Date) -> [Alert] {
        // Nothing to watch reads no file: the widget's fresh path stays free of alert I/O.
        guard settings.alertsEnabled, !settings.thresholds.isEmpty, let parking = snapshot.parking else { return [] }
        let old = loadState()
        var state = old
        let l = Localizer(language)
        var watched: [(target: AlertTarget, name: String, available: Int?)] = (parking.lots ?? []).map {
            (.lot($0.lotId), language == .ko ? $0.nameKo : $0.nameEn, $0.available)
        }
        watched.append(
            (
                .park(snapshot.parkId), language == .ko ? snapshot.parkNameKo : snapshot.parkNameEn,
                parking.totalAvailable
            ))
        var alerts: [Alert] = []
        for (target, name, available) in watched {
            guard let threshold = settings.threshold(target) else { continue }
            let observation = AlertObservation(
                available: available, freshness: snapshot.freshness.known ?? .unavailable,
                closed: parking.closed == true)
            let condition = AlertCondition(
                threshold: threshold, quietFrom: settings.quietFrom, quietUntil: settings.quietUntil)
            switch AlertRule.decide(observation, condition, armed: state.announced[target.id] != true, now: now) {
            case .rearm:
                state.announced[target.id] = false
                state.undelivered[target.id] = nil
            case .hold:
                continue
            case .notify:
                let count = available ?? 0
                alerts.append(
                    Alert(
                        target: target.id, title: l.plural(.alertTitle, count: count, name, count),
                        body: l(.alertBody, threshold)))
            }
        }
        save(state, over: old)
        return alerts
    }

    /// Records what became of the alerts `due` returned: delivered ones are not sent again, failed ones are kept.
    public func record(_ deliveries: [(Alert, Delivery)], now: Date) {
        guard !deliveries.isEmpty else { return }
        let old = loadState()
        var state = old
        for (alert, delivery) in deliveries {
            switch delivery {
            case .delivered:
                state.announced[alert.target] = true
                state.undelivered[alert.target] = nil
            case .failed(let reason):
                state.undelivered[alert.target] = Undelivered(alert: alert, at: now, problem: reason.technical)
            }
        }
        save(state, over: old)
    }

}
