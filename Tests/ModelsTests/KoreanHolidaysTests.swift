import Models
import Testing

/// The holiday table: substitute holidays and election days included, through 2030, and the same as KASI announced
/// for the years it has announced.
@Suite struct KoreanHolidaysTests {
    func day(_ iso: String) -> Int {
        let parts = iso.split(separator: "-").compactMap { Int($0) }
        return SeoulTime.dayNumber(year: parts[0], month: parts[1], day: parts[2])
    }

    @Test(arguments: [
        // Substitute holidays and election days the issue names, and the ones that follow from the rules.
        ("2026-03-02", "대체공휴일(3ㆍ1절)"), ("2026-06-03", "전국동시지방선거"), ("2026-08-17", "대체공휴일(광복절)"),
        ("2026-10-05", "대체공휴일(개천절)"), ("2025-06-03", "제21대 대통령선거"), ("2025-01-27", "임시공휴일"),
        ("2027-02-09", "대체공휴일(설날)"), ("2027-12-27", "대체공휴일(기독탄신일)"),
        ("2028-04-12", "제23대 국회의원선거"), ("2028-10-03", "개천절, 추석"), ("2028-10-05", "대체공휴일(추석)"),
        ("2029-05-07", "대체공휴일(어린이날)"), ("2029-09-24", "대체공휴일(추석)"),
        ("2030-02-05", "대체공휴일(설날)"), ("2030-06-12", "전국동시지방선거"), ("2030-12-25", "기독탄신일"),
    ])
    func namedRestDays(_ iso: String, _ name: String) {
        #expect(KoreanHolidays.name(dayNumber: day(iso)) == name)
        #expect(KoreanHolidays.contains(dayNumber: day(iso)))
    }

    @Test(arguments: ["2026-06-04", "2027-10-05", "2028-10-06", "2030-06-05", "2030-03-26"])
    func workingDays(_ iso: String) {
        #expect(!KoreanHolidays.contains(dayNumber: day(iso)))
    }

    @Test func everyYearThroughTwentyThirtyHasItsLunarHolidays() {
        for year in KoreanHolidays.years {
            let names = (day("\(year)-01-01")...day("\(year)-12-31")).compactMap { KoreanHolidays.name(dayNumber: $0) }
            #expect(names.filter { $0.contains("설날") && !$0.contains("대체") }.count == 3, "\(year)")
            #expect(names.filter { $0.contains("추석") && !$0.contains("대체") }.count == 3, "\(year)")
            #expect(names.contains { $0.contains("부처님 오신 날") && !$0.hasPrefix("대체") }, "\(year)")
        }
        #expect(KoreanHolidays.years.upperBound >= 2030)
    }
}
