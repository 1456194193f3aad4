import CurlHTTP
import Foundation
import Logging
import Models
import Synchronization

/// Real data from Seoul's real-time city data API, read through the project's own libcurl transport. One call per
/// area serves parking, crowd, weather, events, notices and road traffic, and is reused within the budget's
/// interval; a park whose lots are listed under neighbouring areas reads those too.
public final class SeoulSource: ParkDataSource {
    public var name: String { "Seoul citydata" }
    public var simulated: Bool { false }

    private let key: String
    /// The key as one percent-encoded path segment.
    private let pathKey: String
    private let baseURL: String
    private let transport: HTTPTransport
    private let catalog: Catalog
    public let budget: CitydataBudget
    private let logger = Logger(label: "hangangjari-server.seoul")
    private let recent = Mutex<[String: CitydataResult]>([:])
    /// Calls under way, per area: a second asker waits for the same answer instead of calling again.
    private let inFlight = Mutex<[String: Task<CitydataResult, Never>]>([:])

    /// Where Seoul Open Data answers (the only place this address is written).
    public static let productionBaseURL = "http://openapi.seoul.go.kr:8088"

    /// - Parameter baseURL: `productionBaseURL` in production; a local server in tests.
    public init(
        key: String, baseURL: String = productionBaseURL, transport: HTTPTransport, catalog: Catalog,
        budget: CitydataBudget = CitydataBudget(interval: 300)
    ) {
        self.key = key
        // A key is one path segment: whatever a user pasted (a `#`, a `/`, a space) must not end or split the path.
        var segment = CharacterSet.urlPathAllowed
        segment.remove("/")
        pathKey = key.addingPercentEncoding(withAllowedCharacters: segment) ?? key
        self.baseURL = baseURL
        self.transport = transport
        self.catalog = catalog
        self.budget = budget
    }

    /// Seoul publishes crowd about 20–35 minutes late and parking counts about 15 minutes late, by design.
    public func expectedLag(_ kind: SourceKind) -> TimeInterval { Self.lag(of: kind) }

    /// ``expectedLag(_:)`` without a source at hand.
    public static func lag(of kind: SourceKind) -> TimeInterval {
        switch kind {
        case .crowd: 35 * 60
        case .parking: 10 * 60
        case .weather, .events, .bikes, .subway, .buses, .chargers, .roadControls: 0
        }
    }

    public func upstreamUsage(at date: Date) -> UpstreamUsage? { budget.usage(at: date) }

    /// The answer for one area: the recent one within the interval, else one new call if the budget allows (callers
    /// asking at the same time share it).
    func citydata(_ area: CitydataArea, at date: Date) async -> CitydataResult {
        let task: Task<CitydataResult, Never> = inFlight.withLock { running in
            if let task = running[area.code] { return task }
            let task = Task { await self.call(area, at: date) }
            running[area.code] = task
            return task
        }
        let result = await task.value
        inFlight.withLock { running in
            if running[area.code] == task { running[area.code] = nil }
        }
        return result
    }

    private func call(_ area: CitydataArea, at date: Date) async -> CitydataResult {
        if budget.isRecent(area.code, at: date), let result = recent.withLock({ $0[area.code] }) { return result }
        if let refusal = budget.refusal(area.code, at: date) { return .failing(refusal) }
        let url = "\(baseURL)/\(pathKey)/json/citydata/1/5/\(area.code)"
        let result: CitydataResult
        do {
            let response = try await transport.send(HTTPRequest(url: url, deadline: Date().addingTimeInterval(15)))
            result =
                response.status == 200
                ? CitydataParser.parse(response.body, expected: area).fetched(at: date)
                : .failing(.http(status: response.status))
        } catch {
            result = .failing(.transport("\(error)"))
        }
        budget.record(area.code, result, at: date)
        recent.withLock { $0[area.code] = result }
        if case .failing(let failure) = result {
            logger.warning("citydata failed", metadata: ["area": "\(area.code)", "reason": "\(failure)"])
        }
        return result
    }

    /// The park's own area.
    func primary(_ park: Park, at date: Date) async -> CitydataResult {
        guard let area = catalog.citydataAreas(for: park.id).first else { return .failing(.noArea) }
        return await citydata(area, at: date)
    }

    public func parking(_ park: Park, lots: [ParkingLot], at date: Date) async -> SourceOutcome<ParkingReadings> {
        // The park's own area decides whether the source works; a neighbouring area only adds rows when it answers.
        var rows: [Citydata.ParkingRow] = []
        for (index, area) in catalog.citydataAreas(for: park.id).enumerated() {
            switch await citydata(area, at: date) {
            case .ok(let city):
                if city.unreadable.contains(.parking), index == 0 {
                    return .failing("\(Citydata.Section.parking.rawValue) has an unknown shape")
                }
                rows += city.parking
            case .noItem: continue
            case .failing(let reason): if index == 0 { return .failing(reason.sourceDetail) }
            }
        }
        guard !rows.isEmpty else { return .noItem }
        let (matches, unmatched) = LotMatcher(lots: lots).match(rows)
        if !unmatched.isEmpty {
            logger.info(
                "citydata rows matched no lot", metadata: ["park": "\(park.id.rawValue)", "rows": "\(unmatched)"])
        }
        let window = SourceKind.parking.freshnessWindow + expectedLag(.parking)
        let readings = matches.flatMap { match -> [LotReading] in
            let row = match.row
            guard let observed = row.observedAt else { return [] }  // no time: nothing can be said of its age
            // The one place a count's capacity is decided: the row's own, else its lots' together (a row shared by
            // several lots counts all of them). Free spaces are against it, and it travels with them.
            let capacity = row.capacity ?? match.lotIds.compactMap { catalog.lot($0)?.capacity }.reduce(0, +)
            // A count older than the parking window is no current count (real rows can be a year old).
            let current = Freshness.isCurrent(observedAt: observed, now: date, window: window)
            let available = current ? row.parked.map { max(0, capacity - $0) } : nil
            return match.lotIds.map { id in
                LotReading(
                    lotId: id, available: available, observedAt: observed, capacity: capacity,
                    sharedWith: match.lotIds.filter { $0 != id })
            }
        }
        return .ok(ParkingReadings(readings: readings, unmatchedRows: unmatched, rowCount: rows.count))
    }

    public func crowd(_ park: Park, at date: Date) async -> SourceOutcome<CrowdReading> {
        section(await primary(park, at: date), .crowd) { $0.crowd }
    }

    public func weather(_ park: Park, at date: Date) async -> SourceOutcome<Weather> {
        section(await primary(park, at: date), .weather) { $0.weather }
    }

    public func roadTraffic(_ park: Park, at date: Date) async -> SourceOutcome<RoadTraffic> {
        section(await primary(park, at: date), .roadTraffic) { $0.roadTraffic }
    }

    /// One way-there section of the park's own area, each item as old as the answer when it has no time of its
    /// own, placed among the park's lots; its dropped rows counted.
    public func wayThere(_ kind: SourceKind, _ park: Park, at date: Date) async -> SourceOutcome<WayThereReading> {
        guard let section = Citydata.Section(wayThere: kind) else { return .noItem }
        return self.section(await primary(park, at: date), section) { city in
            let lists = city.wayThere.section(kind)
            let dropped = city.droppedRows[section] ?? 0
            guard !lists.isEmpty(kind) else { return nil }
            return WayThereReading(
                lists: lists.observed(at: city.fetchedAt ?? date).placed(among: catalog.lots(in: park.id)),
                droppedRows: dropped)
        }
    }

    /// Cultural events near the park (EVENT_STTS), weather warnings (NEWS_LIST) and disaster messages, as old as
    /// the answer they came in. None in a current answer is "no item"; none in an old one is an old value.
    public func bulletins(_ park: Park, at date: Date) async -> SourceOutcome<Bulletins> {
        section(await primary(park, at: date), .events) { city in
            let ongoing = city.events.filter { ($0.endsAt ?? $0.startsAt.addingTimeInterval(86_400)) >= date }
            let current = city.observedAt.map { SourceKind.events.isCurrent(observedAt: $0, now: date, lag: 0) }
            if ongoing.isEmpty, city.notices.isEmpty, current != false { return nil }
            return Bulletins(events: ongoing, notices: city.notices, observedAt: city.observedAt)
        }
    }

    func section<Value>(_ result: CitydataResult, _ section: Citydata.Section, _ read: (Citydata) -> Value?)
        -> SourceOutcome<Value>
    {
        switch result {
        case .failing(let failure): return .failing(failure.sourceDetail)
        case .noItem: return .noItem
        case .ok(let city):
            if city.unreadable.contains(section) { return .failing("\(section.rawValue) has an unknown shape") }
            return read(city).map { .ok($0) } ?? .noItem
        }
    }

}
