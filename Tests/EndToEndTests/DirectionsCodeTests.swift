import Foundation
import QRCode
import TestFixtures
import TestSupport
import Testing

/// The route handed to a phone: the real binary draws the QR code, and a real decoder reads the link from what the
/// terminal shows (printed, and in the full-screen app under tmux).
@Suite(.serialized, .enabled(if: QRScanner.available, "zbarimg is not installed (Tools/setup installs zbar-tools)"))
struct DirectionsCodeTests {
    static let app = Binaries.url("hangangjari")

    /// The half-block rows of a drawn code: the lines made only of blocks and spaces, at least 20 cells wide.
    static func codeRows(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .init(charactersIn: " ")) }
            .filter { $0.count >= 20 && $0.allSatisfy { "█▀▄ ".contains($0) } }
    }

    @Test func printedCodeScansToThePrintedLink() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hj-qr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try await WidgetBinaryTests.runAsync(
            ["directions", "여의도", "--qr", "--lang", "en", "--state-dir", dir.path], binary: Self.app)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let link = try #require(lines.last)
        #expect(link.hasPrefix("https://map.kakao.com/link/to/"))
        #expect(lines.contains("Scan with your phone's camera to open the route in its map app"))
        let rows = Self.codeRows(lines)
        #expect(rows.count >= 15 && rows.allSatisfy { $0.count <= 80 }, "a code fits 80 columns")
        #expect(try QRScanner.decode(QRCode.modules(fromHalfBlockRows: rows)) == link)
    }

    @Test func googleIsNotOfferedForDrivingInKorea() async throws {
        for mode in ["car", "walk"] {
            let run = try await WidgetBinaryTests.runAsync(
                ["directions", "yeouido", "--map", "google", "--by", mode, "--lang", "en"], binary: Self.app)
            #expect(run.status == 64)
            #expect(run.stderr.contains("Google Maps has no driving or walking directions in Korea"), "\(run.stderr)")
        }
        let transit = try await WidgetBinaryTests.runAsync(
            ["directions", "yeouido", "--map", "google", "--by", "transit"], binary: Self.app)
        #expect(transit.status == 0 && transit.stdout.contains("travelmode=transit"))
    }
}
