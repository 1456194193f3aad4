import Localization
import Models
import Testing

/// Curated and server text in the reader's language: every transit hint of the catalog, the server's source details.
@Suite struct PublicTextTests {
    let ko = Localizer(.ko)

    /// Latin letters left after translation, other than units, bus numbers and line numbers.
    func englishWords(_ text: String) -> [String] {
        text.split { !$0.isLetter || !$0.isASCII }.map(String.init).filter { !["m", "km"].contains($0) }
    }

    @Test func everyCatalogTransitHintReadsInKorean() {
        let hints = Catalog.bundled.parks.flatMap(\.transitHints)
        #expect(hints.count >= 15)
        for hint in hints {
            let korean = TransitHintText.localize(hint, ko)
            #expect(englishWords(korean).isEmpty, "\(hint) → \(korean)")
            #expect(korean.contains("출구"), "\(korean)")
            #expect(TransitHintText.localize(hint, Localizer(.en)) == hint)
        }
    }

    @Test func transitHintsKeepEveryPart() {
        #expect(TransitHintText.localize("여의나루 (Line 5) exits 2/3", ko) == "여의나루역 (5호선) 2·3번 출구")
        #expect(
            TransitHintText.localize("잠실나루 (Line 2; the station was called 성내) exits 3/4, about 400 m walkway", ko)
                == "잠실나루역 (2호선, 옛 이름 성내) 3·4번 출구, 보행로 약 400 m")
        #expect(TransitHintText.localize("이촌 (Line 4, Gyeongui-Jungang) exit 4", ko) == "이촌역 (4호선, 경의중앙선) 4번 출구")
        #expect(TransitHintText.localize("월드컵경기장 (Line 6) exit 1 or 3", ko) == "월드컵경기장역 (6호선) 1번 또는 3번 출구")
        #expect(
            TransitHintText.localize("방화 (Line 5) exit 2, then village bus 강서07", ko) == "방화역 (5호선) 2번 출구, 마을버스 강서07 환승"
        )
        #expect(
            TransitHintText.localize("마포구청 (Line 6) exit 7, about 25 min walk", ko) == "마포구청역 (6호선) 7번 출구, 걸어서 약 25분")
    }

    @Test func unknownShapesAreShownAsWritten() {
        for odd in ["", "Take the ferry", "여의도 (Line X) exit 1", "여의도 (Line 5) gate 1", "여의도 (Line 5) exit 1, by taxi"]
        {
            #expect(TransitHintText.localize(odd, ko) == odd)
        }
    }

    @Test func serverDetailsAreTranslatedWhenKnown() {
        #expect(ServerDetailText.localize("not collected yet", ko) == "아직 수집 전")
        #expect(ServerDetailText.localize("older than 15 min", ko) == "15분 넘게 지남")
        #expect(ServerDetailText.localize("source failing: timeout", ko) == "원본 오류: timeout")
        #expect(ServerDetailText.localize("placeholder positions around the park centre", ko) == "공원 중심 주변의 임시 위치")
        #expect(ServerDetailText.localize("source failing since 12:10", ko) == "12:10부터 원본 오류")
        #expect(
            ServerDetailText.localize("last good response served after a failed rebuild", ko)
                == "다시 만들기에 실패해 마지막 정상 응답을 보냄")
        #expect(ServerDetailText.localize("something new", ko) == "something new")
        #expect(ServerDetailText.localize("not collected yet", Localizer(.en)) == "not collected yet")
    }
}
