import Localization
import Models
import TestFixtures
import Testing

@testable import AppScreens
@testable import ScreenRows

/// One number format everywhere, and no count-shaped hole where there is no count.
@Suite struct CountWordingTests {
    @Test(arguments: [Language.en, .ko])
    func everySentenceGroupsItsCounts(_ language: Language) {
        let l = Localizer(language)
        let about = l.plural(.arrivalAbout, count: 1197)
        #expect(about.contains("1,197") && !about.contains("1197"), "\(about)")
        #expect(l(.widgetAllLots, 1208, 1782).contains("1,208/1,782"))
        #expect(l(.arrivalAllLots, 60).contains("60"))
    }

    /// "Recommended Banpo Lots 2, 3 — — spaces free (no live count; the largest lot)" said "no live count" with a
    /// dash where the number goes; now it says it once.
    @Test(arguments: [Language.en, .ko])
    func aRecommendedLotWithoutALiveCountSaysSoOnce(_ language: Language) throws {
        var summary = try Fixtures.homeSummary()
        let recommended = try #require(summary.parking.recommended)
        summary.parking.recommended?.reason = .known(.largestCapacity)
        for i in summary.parking.lots.indices { summary.parking.lots[i].status.available = nil }
        let ctx = ScreenContext(language: language, now: summary.generatedAt, machineOffsetSeconds: 0, width: 80)
        let row = try #require(
            HomeScreen.lines(summary, ctx).map(\.text).first { $0.hasPrefix(ctx.l(.labelRecommended)) })
        #expect(!row.contains("—"), "\(row)")
        #expect(row.contains(ctx.l(.recommendLargestCapacity)), "\(row)")
        #expect(!row.contains(ctx.l(.spacesFree, "")), "\(row) \(recommended.lotId)")
    }
}
