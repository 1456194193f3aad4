import Localization
import Models
import Testing
import ValueWording
import WidgetRendering

/// The catalog's transit hints, kept in parts and said in the reader's language.
@Suite struct TransitWordsTests {
    let ko = Localizer(.ko)

    /// Latin letters left after translation, other than units.
    func englishWords(_ text: String) -> [String] {
        text.split { !$0.isLetter || !$0.isASCII }.map(String.init).filter { !["m", "km"].contains($0) }
    }

    func hint(_ english: String) throws -> TransitHint {
        try #require(
            Catalog.bundled.parks.flatMap { Catalog.bundled.transit(for: $0.id) }.first { $0.english == english })
    }

    @Test func everyCatalogHintReadsInKoreanAndGivesItsSentenceBack() {
        for park in Catalog.bundled.parks {
            let hints = Catalog.bundled.transit(for: park.id)
            #expect(!hints.isEmpty, "\(park.id)")
            #expect(hints.map(\.english) == park.transitHints)
            for hint in hints {
                let korean = ValueWords.transit(hint, ko)
                #expect(englishWords(korean).isEmpty, "\(hint.english) → \(korean)")
                #expect(korean.contains("출구"), "\(korean)")
                #expect(ValueWords.transit(hint, Localizer(.en)) == hint.english)
            }
        }
    }

    @Test func koreanKeepsEveryPart() throws {
        let cases = [
            ("여의나루 (Line 5) exits 2/3", "여의나루역 (5호선) 2·3번 출구"),
            (
                "잠실나루 (Line 2; the station was called 성내) exits 3/4, about 400 m walkway",
                "잠실나루역 (2호선, 옛 이름 성내) 3·4번 출구, 보행로 약 400 m"
            ),
            ("이촌 (Line 4, Gyeongui-Jungang) exit 4", "이촌역 (4호선, 경의중앙선) 4번 출구"),
            ("월드컵경기장 (Line 6) exit 1 or 3", "월드컵경기장역 (6호선) 1번 또는 3번 출구"),
            ("방화 (Line 5) exit 2, then village bus 강서07", "방화역 (5호선) 2번 출구, 마을버스 강서07 환승"),
            ("마포구청 (Line 6) exit 7, about 25 min walk", "마포구청역 (6호선) 7번 출구, 걸어서 약 25분"),
            ("건대입구 (Line 2) exit 3, about 1 km", "건대입구역 (2호선) 3번 출구, 약 1 km"),
        ]
        for (english, korean) in cases {
            #expect(ValueWords.transit(try hint(english), ko) == korean)
        }
    }

    @Test func aServerWithOtherHintsIsShownAsWritten() {
        let catalog = Catalog.bundled
        let same = ValueWords.transit(
            server: catalog.park("yeouido")!.transitHints, park: "yeouido", catalog: catalog, ko)
        #expect(same == ["여의나루역 (5호선) 2·3번 출구", "여의도역 (5호선, 9호선) 1번 출구"])
        #expect(ValueWords.transit(server: [], park: "yeouido", catalog: catalog, ko) == same)
        let newer = ["여의나루 (Line 5) exit 2, then the new river bus"]
        #expect(ValueWords.transit(server: newer, park: "yeouido", catalog: catalog, ko) == newer)
        #expect(
            ValueWords.transit(server: ["Take the ferry"], park: "nowhere", catalog: catalog, ko) == ["Take the ferry"])
    }
}
