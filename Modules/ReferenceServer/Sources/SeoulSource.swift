import Foundation
import Logging
import Models
import Networking

/// Real data from Seoul's real-time city data API, read through the project's own libcurl transport.
/// One citydata call per park serves parking, crowd and weather; it is reused for a minute.
public final class SeoulSource: ParkDataSource {
    public var name: String { "Seoul citydata" }
    public var simulated: Bool { false }

    private let key: String
    private let baseURL: String
    private let transport: HTTPTransport
    private let catalog: Catalog
    private let logger = Logger(label: "hangangjari-server.seoul")
    private let recent = LockedBox<[ParkID: (Date, CitydataResult)]>([:])
    /// Rows that matched no lot, per park, for diagnostics.
    public let unmatchedRows = LockedBox<[ParkID: [String]]>([:])

    /// - Parameter baseURL: `http://openapi.seoul.go.kr:8088` in production; a local server in tests.
    public init(key: String, baseURL: String = "http://openapi.seoul.go.kr:8088", transport: HTTPTransport, catalog: Catalog) {
        self.key = key
        self.baseURL = baseURL
        self.transport = transport
        self.catalog = catalog
    }

    func citydata(_ park: Park, at date: Date) async -> CitydataResult {
        if let (fetched, result) = recent.value[park.id], date.timeIntervalSince(fetched) < 60 { return result }
        let url = "\(baseURL)/\(key)/json/citydata/1/5/\(park.citydataAreaCode)"
        let result: CitydataResult
        do {
            let response = try await transport.send(HTTPRequest(url: url, deadline: Date().addingTimeInterval(15)))
            result = response.status == 200
                ? CitydataParser.parse(response.body, expectedArea: park.citydataAreaCode)
                : .failing("HTTP \(response.status)")
        } catch {
            result = .failing("\(error)")
        }
        recent.withLock { $0[park.id] = (date, result) }
        return result
    }

    public func parking(_ park: Park, lots: [ParkingLot], at date: Date) async -> SourceOutcome<[LotReading]> {
        switch await citydata(park, at: date) {
        case .failing(let reason): return .failing(reason)
        case .noItem: return .noItem
        case .ok(let city):
            guard !city.parking.isEmpty else { return .noItem }
            let (matches, unmatched) = LotMatcher(lots: lots).match(city.parking)
            unmatchedRows.withLock { $0[park.id] = unmatched }
            if !unmatched.isEmpty {
                logger.warning("citydata rows matched no single lot", metadata: ["park": "\(park.id.rawValue)", "rows": "\(unmatched)"])
            }
            let readings = lots.map { lot -> LotReading in
                guard let row = matches.first(where: { $0.lotId == lot.id })?.row else {
                    return LotReading(lotId: lot.id, available: nil, observedAt: date)
                }
                let capacity = row.capacity ?? lot.capacity
                return LotReading(
                    lotId: lot.id, available: row.parked.map { max(0, capacity - $0) }, observedAt: row.observedAt ?? date)
            }
            return .ok(readings)
        }
    }

    public func crowd(_ park: Park, at date: Date) async -> SourceOutcome<CrowdReading> {
        switch await citydata(park, at: date) {
        case .failing(let reason): return .failing(reason)
        case .noItem: return .noItem
        case .ok(let city): return city.crowd.map { .ok($0) } ?? .noItem
        }
    }

    public func weather(_ park: Park, at date: Date) async -> SourceOutcome<Weather> {
        switch await citydata(park, at: date) {
        case .failing(let reason): return .failing(reason)
        case .noItem: return .noItem
        case .ok(let city): return city.weather.map { .ok($0) } ?? .noItem
        }
    }

    /// citydata has no event feed: the events source reports no item rather than inventing any.
    public func bulletins(_ park: Park, at date: Date) async -> SourceOutcome<Bulletins> { .noItem }
}
