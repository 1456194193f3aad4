import Localization
import Testing

/// Server text in the reader's language: the source details of servers that send no code.
@Suite struct PublicTextTests {
    let ko = Localizer(.ko)

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
