import Foundation
import Models
import Synchronization
import TestFixtures

/// A local stand-in for Seoul's Open Data API, serving recorded-shape citydata bodies per area code over real HTTP
/// on loopback (`SEOUL_OPEN_DATA_URL`), answering INFO-200 for areas it has no body for, and counting calls.
public final class SeoulStandIn: Sendable {
    private let server: RawHTTPServer
    private let areas: Areas

    /// The bodies served per area, and the calls made for each.
    private final class Areas: Sendable {
        let bodies: Mutex<[String: Data]>
        let calls = Mutex<[String: Int]>([:])
        let keys = Mutex<Set<String>>([])

        init(_ bodies: [String: Data]) { self.bodies = Mutex(bodies) }
    }

    /// `bodies` maps an area code (`POI105`) to a fixture under `Tests/Fixtures/seoul`.
    public init(fixtures: [String: String]) throws {
        let areas = Areas(try fixtures.mapValues { try Self.fixture($0) })
        self.areas = areas
        server = try RawHTTPServer { path in
            // /{KEY}/json/citydata/{START}/{END}/{AREA}
            let area = path.split(separator: "/").last.map(String.init) ?? ""
            areas.calls.withLock { $0[area, default: 0] += 1 }
            if let key = path.split(separator: "/").first?.removingPercentEncoding {
                areas.keys.withLock { _ = $0.insert(key) }
            }
            let body =
                areas.bodies.withLock { $0[area] }
                ?? Data(
                    #"{"list_total_count":0,"RESULT":{"RESULT.CODE":"INFO-200","RESULT.MESSAGE":"해당하는 데이터가 없습니다."}}"#
                        .utf8)
            return .respond(
                RawHTTPServer.response(headers: ["Content-Type: application/json;charset=UTF-8"], body: body))
        }
    }

    /// The bytes of a Seoul fixture.
    public static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/seoul/\(name)"))
    }

    /// e.g. `http://127.0.0.1:40001`.
    public var baseURL: String { server.baseURL }

    /// Serves another fixture for an area from now on.
    public func serve(_ area: String, fixture: String) throws {
        let body = try Self.fixture(fixture)
        areas.bodies.withLock { $0[area] = body }
    }

    /// Serves these bytes for an area from now on.
    public func serve(_ area: String, body: Data) {
        areas.bodies.withLock { $0[area] = body }
    }

    /// Calls made for an area so far.
    public func calls(_ area: String) -> Int { areas.calls.withLock { $0[area] } ?? 0 }

    /// Calls made for every area so far.
    public var totalCalls: Int { areas.calls.withLock { $0.values.reduce(0, +) } }

    /// The Open Data keys the calls carried, decoded from their path segment.
    public var keysSeen: Set<String> { areas.keys.withLock { $0 } }

    public func stop() { server.stop() }
}
