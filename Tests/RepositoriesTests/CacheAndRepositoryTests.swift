import CurlHTTP
import Foundation
import GRDB
import Localization
import Models
import Networking
import Repositories
import Storage
import Synchronization
import TestFixtures
import TestSupport
import Testing

@testable import Cache

func temporaryDatabaseURL() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("hj-cache-\(UUID().uuidString)/cache.sqlite")
}

@Suite struct CacheDatabaseTests {
    let summaryBody: Data
    let summary: HomeSummary

    init() throws {
        summaryBody = try Fixtures.contract("home-summary.json")
        summary = try ContractCoding.decode(HomeSummary.self, from: summaryBody)
    }

    @Test func storesTheSummaryWholeForASecondProcess() throws {
        let url = temporaryDatabaseURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let cache = try CacheDatabase(url: url)
        let at = Date(timeIntervalSince1970: 1_795_323_900)
        try cache.storeResponse(key: .homeSummary("yeouido"), body: summaryBody, etag: "\"abc\"", fetchedAt: at)
        let cached = try #require(try cache.response(key: .homeSummary("yeouido")))
        #expect(cached.body == summaryBody)
        #expect(cached.etag == "\"abc\"")
        #expect(cached.fetchedAt == at)
        // A second process sees the same value, lots and forecast included.
        let other = try #require(
            ReadThroughCache(cache: try CacheDatabase(url: url), now: { at }).cached(
                .homeSummary("yeouido", policy: CachePolicy())))
        #expect(other.value == summary && other.trust == .current)
    }

    /// A cache written before the split tables were dropped and the summaries joined the other responses: the
    /// summaries stay (under their keys, read by the one path), the tables go.
    @Test func aCacheWithTheOldSplitTablesKeepsItsSummariesAndLosesTheTables() throws {
        let url = temporaryDatabaseURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            // The file as the previous release left it: its own migrations, the split tables included.
            let old = try DatabaseQueue(path: url.path)
            try CacheDatabase.migrator.migrate(old, upTo: "v2-responses")
            try old.write { db in
                try db.execute(
                    sql: "INSERT INTO home_summary VALUES ('yeouido', '\"old\"', ?, 1795323900, 1795323900)",
                    arguments: [summaryBody])
            }
        }
        let cache = try CacheDatabase(url: url)
        #expect(cache.warnings.isEmpty)
        #expect(try cache.response(key: .homeSummary("yeouido"))?.etag == "\"old\"")
        #expect(ReadThroughCache(cache: cache).cached(.homeSummary("yeouido", policy: CachePolicy()))?.value == summary)
        let tables = try DatabaseQueue(path: url.path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables == ["grdb_migrations", "response"])
    }

    @Test func readingAMigratedCacheWritesNothingAndTheFirstWriteStillLands() throws {
        let url = temporaryDatabaseURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        do {
            let cache = try CacheDatabase(url: url)
            try cache.storeResponse(key: .homeSummary("yeouido"), body: summaryBody, etag: nil, fetchedAt: Date())
        }  // closed: the last connection checkpoints the WAL into the file
        let before = try Data(contentsOf: url)
        let reader = try CacheDatabase(url: url)
        #expect(try reader.response(key: .homeSummary("yeouido")) != nil)
        // No migration check written, no WAL frames: a printed command that reads a fresh value touches nothing.
        let wal = (try? FileManager.default.attributesOfItem(atPath: url.path + "-wal")[.size] as? Int) ?? 0
        #expect(wal == 0)
        #expect(try Data(contentsOf: url) == before)
        // The writer opens on the first write, and the reader sees what it wrote.
        try reader.storeResponse(key: .homeSummary("yeouido"), body: summaryBody, etag: "\"new\"", fetchedAt: Date())
        #expect(try reader.response(key: .homeSummary("yeouido"))?.etag == "\"new\"")
    }

    /// A kept body for another park (or mixing parks) is never shown as this park's, and is dropped.
    @Test func aSummaryForAnotherParkIsNeverShownAndIsDropped() throws {
        let url = temporaryDatabaseURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let cache = try CacheDatabase(url: url)
        let reads = ReadThroughCache(cache: cache)
        try cache.storeResponse(key: .homeSummary("banpo"), body: summaryBody, etag: nil, fetchedAt: Date())
        try cache.storeResponse(
            key: .homeSummary("yeouido"), body: try Fixtures.contract("home-summary-mixed-park.json"), etag: nil,
            fetchedAt: Date())
        #expect(reads.cached(.homeSummary("banpo", policy: CachePolicy())) == nil)
        #expect(reads.cached(.homeSummary("yeouido", policy: CachePolicy())) == nil)
        #expect(try cache.response(key: .homeSummary("banpo")) == nil)
        #expect(try cache.response(key: .homeSummary("yeouido")) == nil)
    }

    @Test func theCacheFileIsReadableByItsOwnerOnly() throws {
        let url = temporaryDatabaseURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let cache = try CacheDatabase(url: url)
        try cache.storeResponse(key: .homeSummary("yeouido"), body: summaryBody, etag: nil, fetchedAt: Date())
        for path in [url.path, url.path + "-wal"] {
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            #expect(mode & 0o777 == 0o600, "\(path) has mode \(String(mode, radix: 8))")
        }
        // A file an older version left readable by others is narrowed when opened.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        _ = try CacheDatabase(url: url)
        let narrowed = try #require(
            try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
        #expect(narrowed & 0o777 == 0o600)
    }

    @Test func corruptFileIsMovedAsideAndRebuilt() throws {
        let url = temporaryDatabaseURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 8192).write(to: url)
        let cache = try CacheDatabase(url: url)
        #expect(cache.warnings.count == 1)
        #expect(cache.warnings[0].technical.contains("moved aside"))
        try cache.storeResponse(key: .homeSummary("yeouido"), body: summaryBody, etag: nil, fetchedAt: Date())
        #expect(try cache.response(key: .homeSummary("yeouido")) != nil)
    }

    @Test func tooNewFileIsMovedAsideAndRebuilt() throws {
        let url = temporaryDatabaseURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        _ = try CacheDatabase(url: url)
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        }
        let reopened = try CacheDatabase(url: url)
        #expect(reopened.warnings.first?.technical.contains("newer version") == true)
    }
}

@Suite(.serialized) struct CachedAPIClientTests {
    struct Context {
        let server: TestBackend
        let cache: CacheDatabase
        let url: URL
    }

    func context() async throws -> Context {
        let server = try await TestBackend.start()
        let url = temporaryDatabaseURL()
        return Context(server: server, cache: try CacheDatabase(url: url), url: url)
    }

    @Test func freshCacheIsReturnedWithoutARequest() async throws {
        let c = try await context()
        defer {
            Task { await c.server.stop() }
            try? FileManager.default.removeItem(at: c.url.deletingLastPathComponent())
        }
        let repository = CachedAPIClient(cache: c.cache, client: c.server.client())
        let first = try await repository.homeSummary("banpo")
        #expect(first.origin == .network)
        await c.server.stop()
        let second = try await repository.homeSummary("banpo")
        #expect(second.origin == .cache)
        #expect(second.trust == .current)
        #expect(second.value == first.value)
    }

    @Test func staleCacheIsRevalidatedWithItsETag() async throws {
        let c = try await context()
        defer {
            Task { await c.server.stop() }
            try? FileManager.default.removeItem(at: c.url.deletingLastPathComponent())
        }
        let repository = CachedAPIClient(cache: c.cache, client: c.server.client(), policy: .alwaysRevalidate)
        _ = try await repository.homeSummary("jamsil")
        let again = try await repository.homeSummary("jamsil")
        #expect(again.origin == .notModified)
    }

    @Test func failureReturnsTheCachedValueMarkedStale() async throws {
        let c = try await context()
        defer { try? FileManager.default.removeItem(at: c.url.deletingLastPathComponent()) }
        let repository = CachedAPIClient(
            cache: c.cache, client: c.server.client(timeout: .seconds(5)), policy: .alwaysRevalidate)
        let first = try await repository.homeSummary("nanji")
        await c.server.stop()
        let fallback = try await repository.homeSummary("nanji")
        #expect(fallback.value == first.value)
        guard case .stale(let reason) = fallback.trust else {
            Issue.record("not marked stale")
            return
        }
        #expect(!reason.technical.isEmpty)
        #expect(reason.text(Localizer(.ko)) == "서버가 꺼져 있거나 연결을 거부했어요", "\(reason)")
        do {
            _ = try await repository.homeSummary("gangseo")
            Issue.record("nothing cached yet a value came back")
        } catch {
            #expect(!error.reason.technical.isEmpty)
        }
    }
}

@Suite(.serialized) struct OtherReadsTests {
    @Test func parksOutingAndForecastGoThroughTheCache() async throws {
        let server = try await TestBackend.start()
        let url = temporaryDatabaseURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let cache = try CacheDatabase(url: url)
        let parking = CachedAPIClient(cache: cache, client: server.client())
        let forecasts = parking
        #expect(try await parking.parks().value.parks.count == 11)
        #expect(try await parking.outing("mangwon").value.outing.parkId == "mangwon")
        let forecast = try await forecasts.forecast("yeouido")
        #expect(forecast.origin == .network)
        #expect(try await forecasts.timeline("yeouido-3", in: "yeouido").value.lotId == "yeouido-3")
        await server.stop()
        // Within their windows, everything comes from the cache with the server gone.
        #expect(try await parking.parks().origin == .cache)
        #expect(try await parking.outing("mangwon").origin == .cache)
        #expect(try await forecasts.forecast("yeouido").origin == .cache)
        // Past the window, the cached value comes back marked stale.
        let late = CachedAPIClient(
            cache: cache, client: server.client(timeout: .seconds(1)), now: { Date().addingTimeInterval(3600) })
        guard case .stale = try await late.forecast("yeouido").trust else {
            Issue.record("not marked stale")
            return
        }
    }

    @Test func aStoredBodyForAnotherParkIsDroppedNotShown() async throws {
        let url = temporaryDatabaseURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let cache = try CacheDatabase(url: url)
        try cache.storeResponse(
            key: .outing("banpo"), body: try Fixtures.contract("outing-response.json"), etag: "\"x\"", fetchedAt: Date()
        )
        let server = try await TestBackend.start()
        defer { Task { await server.stop() } }
        let loaded = try await CachedAPIClient(cache: cache, client: server.client()).outing("banpo")
        #expect(loaded.value.outing.parkId == "banpo")
        #expect(loaded.origin == .network)
    }
}

/// The one cache-then-network path, counted: how often the stored bytes are decoded and the client is asked.
@Suite struct ReadThroughCacheTests {
    final class Counts: Sendable {
        let decodes = Mutex(0)
        let fetches = Mutex(0)
    }

    func read(_ counts: Counts) -> CachedRead<HomeSummary> {
        let plain = CachedRead<HomeSummary>.homeSummary("yeouido", policy: CachePolicy())
        return CachedRead(key: plain.key, window: plain.window) { data in
            counts.decodes.withLock { $0 += 1 }
            return try plain.decode(data)
        }
    }

    /// A refresh that fails decodes the kept bytes once and shows them stale; a current value asks nobody.
    @Test func theStoredBytesAreDecodedOnceAndACurrentValueAsksNobody() async throws {
        let url = temporaryDatabaseURL()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let cache = try CacheDatabase(url: url)
        let at = Date(timeIntervalSince1970: 1_795_323_900)
        try cache.storeResponse(
            key: .homeSummary("yeouido"), body: try Fixtures.contract("home-summary.json"), etag: "\"e\"",
            fetchedAt: at)
        let counts = Counts()
        let reads = ReadThroughCache(cache: cache, now: { at.addingTimeInterval(10) })
        let current = try await reads.load(read(counts), forceRefresh: false) { _ in
            counts.fetches.withLock { $0 += 1 }
            throw APIError.transport(.timeout)
        }
        #expect(current.origin == .cache && current.trust == .current)
        #expect(counts.decodes.withLock { $0 } == 1 && counts.fetches.withLock { $0 } == 0)
        let forced = try await reads.load(read(counts), forceRefresh: true) { cached in
            counts.fetches.withLock { $0 += 1 }
            #expect(cached?.etag == "\"e\"")
            throw APIError.transport(.timeout)
        }
        #expect(forced.origin == .cache && forced.trust != .current)
        #expect(counts.decodes.withLock { $0 } == 2 && counts.fetches.withLock { $0 } == 1)
    }
}
