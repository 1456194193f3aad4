import Localization
import Testing

/// The argument parser's English words rewritten into Korean; English text is left exactly as it was.
@Suite struct ParserWordsTests {
    let ko = Localizer(.ko)

    let help = """
        OVERVIEW: Parking at the Hangang parks.

        USAGE: hangangjari <subcommand>

        ARGUMENTS:
          <park>                  A park.

        OPTIONS:
          --timeout <timeout>     Seconds. (default: 8.0)
          --format <format>       A format. (values: text, json; default: text)
          -h, --help              Show help information.

        SUBCOMMANDS:
          ui (default)            The full-screen app.
          home                    The home screen.

          See 'hangangjari help <subcommand>' for detailed help.
        """

    @Test func helpHeadingsAndNotesAreKorean() {
        let text = ParserWords.localize(help, ko)
        for english in [
            "OVERVIEW", "USAGE", "ARGUMENTS", "OPTIONS", "SUBCOMMANDS", "Show help", "default", "values", "See '",
        ] {
            #expect(!text.contains(english), "\(english) is left in:\n\(text)")
        }
        #expect(text.contains("개요: Parking at the Hangang parks."))
        #expect(text.contains("Seconds. (기본값: 8.0)"))
        #expect(text.contains("A format. (값: text, json; 기본값: text)"))
        #expect(text.contains("'hangangjari help <하위 명령>'"))
    }

    @Test func theDefaultSubcommandKeepsTheHelpColumn() {
        let lines = ParserWords.localize(help, ko).split(separator: "\n").map(String.init)
        let ui = lines.first { $0.hasPrefix("  ui ") }!
        let home = lines.first { $0.hasPrefix("  home ") }!
        #expect(DisplayWidth.of(String(ui.prefix { $0 != "T" })) == DisplayWidth.of(String(home.prefix { $0 != "T" })))
    }

    @Test func usageErrorsAreKorean() {
        let cases: [(String, String)] = [
            ("Error: Unknown option '--bogus'", "오류: 알 수 없는 옵션 '--bogus'"),
            ("Error: Unknown option '--sort'. Did you mean '--json'?", "오류: 알 수 없는 옵션 '--sort'. '--json'을(를) 찾으셨나요?"),
            ("Error: Missing expected argument '<link>'", "오류: 필요한 인수 '<link>'이(가) 없습니다"),
            ("Error: Missing value for '--park <park>'", "오류: '--park <park>'에 값이 없습니다"),
            ("Error: Unexpected argument 'extra'", "오류: 예상하지 못한 인수 'extra'"),
            (
                "Error: The value 'x' is invalid for '--by <by>'. Please provide one of 'car', 'transit' or 'walk'.",
                "오류: '--by <by>'에 'x' 값은 쓸 수 없습니다. 'car', 'transit', 'walk' 중 하나를 주세요."
            ),
            ("Help:  --by <by>  Car or walk.", "도움말:  --by <by>  Car or walk."),
            ("Usage: hangangjari open <link>", "사용법: hangangjari open <link>"),
            ("  See 'hangangjari open --help' for more information.", "  자세한 내용은 'hangangjari open --help'으로 봅니다."),
            ("Error: 이미 한국어인 메시지", "오류: 이미 한국어인 메시지"),
        ]
        for (english, korean) in cases { #expect(ParserWords.localize(english, ko) == korean) }
    }

    @Test func englishIsUntouchedAndUnknownLinesPassThrough() {
        #expect(ParserWords.localize(help, Localizer(.en)) == help)
        #expect(
            ParserWords.localize("complete -F _hangangjari hangangjari", ko) == "complete -F _hangangjari hangangjari")
    }
}
