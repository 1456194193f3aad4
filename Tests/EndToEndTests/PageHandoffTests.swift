import BenchmarkSupport
import Foundation
import QRCode
import TestFixtures
import TestSupport
import Testing

/// The screen on view continues on a phone: against a server with `PUBLIC_URL`, the app's QR code (read back by a
/// real decoder from what tmux shows) and its `--json` carry the page of the same park and screen, and that page is
/// the one the server serves for them.
@Suite(
    .serialized, .enabled(if: Tmux.available, "tmux is not installed"),
    .enabled(if: QRScanner.available, "zbarimg is not installed"))
struct PageHandoffTests {
    static let app = Binaries.url("hangangjari")

    @Test func theCodeOnTheParkingScreenOpensTheParkingPageOfThatPark() async throws {
        let port = try LoopbackPort.free()
        let server = try ServerBinary(environment: [
            "PORT": "\(port)", "PUBLIC_URL": "http://127.0.0.1:\(port)", "BACKFILL_DAYS": "2",
        ])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hj-handoff-\(UUID().uuidString)")
        let tmux = Tmux()
        defer {
            tmux.kill()
            server.stop()
            try? FileManager.default.removeItem(at: dir)
        }
        try tmux.start(width: 80, height: 44)
        try tmux.type("\(Self.app.path) banpo --state-dir \(dir.path) --api \(server.baseURL) --lang en")
        #expect(try await tmux.waitFor("Banpo Hangang Park", "Sources", "q quit") != nil)
        try tmux.press("2", "p")
        let screen = try #require(try await tmux.waitFor("Scan with a phone to continue this screen there"))
        let link = try QRScanner.decode(QRCode.modules(fromHalfBlockRows: DirectionsCodeTests.codeRows(screen)))
        #expect(link == "\(server.baseURL)/p/banpo/parking", "\(screen.joined(separator: "\n"))")
        try tmux.press("q")

        let page = try await WidgetBinaryTests.runAsync(
            ["-sf", "-A", "Mozilla/5.0", "-H", "Accept-Language: en", link ?? ""],
            binary: URL(fileURLWithPath: "/usr/bin/curl"))
        #expect(page.stdout.contains("<h1>Banpo Hangang Park</h1>"))
        #expect(page.stdout.contains("aria-current=\"page\">Parking</a>"))

        let json = try await WidgetBinaryTests.runAsync(
            ["parking", "banpo", "--json", "--refresh", "--state-dir", dir.path, "--api", server.baseURL],
            binary: Self.app)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("\"page\":\"\(server.baseURL)/p/banpo/parking\""), "\(json.stdout.prefix(300))")
    }

    @Test func theEmbeddedDefaultSaysWhyItOffersNoPage() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hj-handoff-\(UUID().uuidString)")
        let tmux = Tmux()
        defer {
            tmux.kill()
            try? FileManager.default.removeItem(at: dir)
        }
        try tmux.start(width: 200, height: 44)
        try tmux.type("\(Self.app.path) banpo --state-dir \(dir.path) --lang en")
        #expect(try await tmux.waitFor("Banpo Hangang Park", "Sources", "q quit") != nil)
        try tmux.press("p")
        #expect(
            try await tmux.waitFor(
                "open the route in its map app", "no page link: the built-in backend runs only on this computer") != nil
        )
        try tmux.press("q")
        let json = try await WidgetBinaryTests.runAsync(
            ["home", "banpo", "--json", "--state-dir", dir.path], binary: Self.app)
        #expect(!json.stdout.contains("\"page\""))
    }
}
