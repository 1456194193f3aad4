import Foundation
import Models

/// The default source: deterministic simulated data, labelled as simulated everywhere.
public struct SimulatedSource: ParkDataSource {
    public let model: SimulationModel
    public var name: String { "simulated" }
    public var simulated: Bool { true }

    public init(catalog: Catalog) {
        model = SimulationModel(catalog: catalog)
    }

    public func parking(_ park: Park, lots: [ParkingLot], at date: Date) async -> SourceOutcome<ParkingReadings> {
        if let outage = model.outage(.parking, park: park.id, at: date) { return outage.mapped() }
        // Like citydata: readings are a few minutes behind, stamped with their 5-minute bucket.
        let observed = SimulationModel.date(ofBucket: SimulationModel.bucket(date))
        return .ok(
            ParkingReadings(
                readings: lots.map {
                    LotReading(lotId: $0.id, available: model.available(lot: $0, at: observed), observedAt: observed)
                }))
    }

    public func crowd(_ park: Park, at date: Date) async -> SourceOutcome<CrowdReading> {
        if let outage = model.outage(.crowd, park: park.id, at: date) { return outage.mapped() }
        let observed = SimulationModel.date(ofBucket: SimulationModel.bucket(date) / 3 * 3)
        let (level, low, high) = model.crowd(park: park, at: observed)
        let (later, _, _) = model.crowd(park: park, at: observed.addingTimeInterval(3600))
        let trend: CrowdTrend = later > level ? .rising : later < level ? .falling : .steady
        let forecast = (1...6).map { hours -> CrowdForecastPoint in
            let at = Date(
                timeIntervalSince1970: (observed.timeIntervalSince1970 / 3600).rounded(.down) * 3600 + Double(hours)
                    * 3600)
            let (l, lo, hi) = model.crowd(park: park, at: at)
            return CrowdForecastPoint(at: at, level: .known(l), populationMin: lo, populationMax: hi)
        }
        let now = CrowdNow(
            level: .known(level), messageKo: Self.message(level), populationMin: low, populationMax: high,
            trend: .known(trend), observedAt: observed)
        return .ok(CrowdReading(now: now, forecast: forecast))
    }

    public func weather(_ park: Park, at date: Date) async -> SourceOutcome<Weather> {
        if let outage = model.outage(.weather, park: park.id, at: date) { return outage.mapped() }
        return .ok(model.weather(park: park, at: date))
    }

    public func bulletins(_ park: Park, at date: Date) async -> SourceOutcome<Bulletins> {
        let day = SeoulTime(date).dayNumber
        let events =
            model.eventsToday(park: park.id, dayNumber: day) + model.eventsToday(park: park.id, dayNumber: day + 1)
        let notices = model.notices(park: park.id, dayNumber: day).map { $0.observed(date) }
        if events.isEmpty, notices.isEmpty { return .noItem }
        return .ok(Bulletins(events: events, notices: notices, observedAt: date))
    }

    public func wayThere(_ kind: SourceKind, _ park: Park, at date: Date) async -> SourceOutcome<WayThereReading> {
        let lists = model.wayThere(park, at: date).section(kind)
        return lists.isEmpty(kind)
            ? .noItem : .ok(WayThereReading(lists: lists.placed(among: model.catalog.lots(in: park.id))))
    }

    static func message(_ level: CrowdLevel) -> String {
        switch level {
        case .relaxed: "사람이 몰려있지 않아 여유로워요."
        case .normal: "사람이 몰려있을 수 있지만 크게 붐비지는 않아요."
        case .slightlyCrowded: "사람들이 몰려있어 약간 붐빌 수 있어요."
        case .crowded: "사람들이 몰려있어 매우 붐벼요."
        }
    }
}

extension SourceOutcome where Value == Void {
    func mapped<T>() -> SourceOutcome<T> {
        switch self {
        case .ok: .noItem
        case .noItem: .noItem
        case .failing(let reason): .failing(reason)
        }
    }
}
