import Foundation
import Models
import Networking
import TestFixtures

/// A local stand-in for Seoul's Open Data API, serving recorded-shape citydata bodies per area code over real HTTP
/// on loopback (`SEOUL_OPEN_DATA_URL`), answering INFO-200 for areas it has no body for, and counting calls.
public final class SeoulStandIn: Sendable {
    private let server: RawHTTPServer
    private let bodies: LockedBox<[String: Data]>
    private let calls = LockedBox<[String: Int]>([:])

    /// `bodies` maps an area code (`POI105`) to a fixture under `Tests/Fixtures/seoul`.
    public init(fixtures: [String: String]) throws {
        let loaded = try fixtures.mapValues { try Self.fixture($0) }
        let bodies = LockedBox(loaded)
        let calls = self.calls
        self.bodies = bodies
        server = try RawHTTPServer { path in
            // /{KEY}/json/citydata/{START}/{END}/{AREA}
            let area = path.split(separator: "/").last.map(String.init) ?? ""
            calls.withLock { $0[area, default: 0] += 1 }
            let body =
                bodies.value[area]
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
        bodies.withLock { $0[area] = body }
    }

    /// Calls made for an area so far.
    public func calls(_ area: String) -> Int { calls.value[area] ?? 0 }

    /// Calls made for every area so far.
    public var totalCalls: Int { calls.value.values.reduce(0, +) }

    public func stop() { server.stop() }
}
