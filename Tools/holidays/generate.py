#!/usr/bin/env python3
"""Writes Modules/Models/KoreanHolidays+Generated.swift: Korea's public holidays (rest days of government offices)
for 2025-2030, with their Korean names. `--check` exits 1 when the file is not what this script would write.

Sources:
- 2025-2027: the Korea Astronomy and Space Science Institute's announced rest days (KASI 특일정보, data.go.kr
  B090041 SpcdeInfoService/getRestDeInfo), written out below as published, temporary holidays included.
- 2028-2030: not announced yet, so derived the way KASI's 2027 list is: the Regulations on Public Holidays of
  Government Offices (관공서의 공휴일에 관한 규정) with the holidays that list has (5/1 노동절, 7/17 제헌절 included)
  and its substitute-holiday rules; the lunar dates from KASI's lunar calendar (through the korean-lunar-calendar
  package, MIT, which carries KASI's tables to 2050); election days from the Public Official Election Act, art. 34.
  A temporary holiday or a snap election declared later is not in it.
"""
import datetime
import pathlib
import sys

try:
    from korean_lunar_calendar import KoreanLunarCalendar
except ImportError:
    sys.exit("generate.py needs korean-lunar-calendar: python3 -m pip install korean-lunar-calendar")

root = pathlib.Path(__file__).resolve().parents[2]
target = root / "Modules/Models/KoreanHolidays+Generated.swift"

KASI = {
    2025: {
        "2025-01-01": "1월 1일", "2025-01-27": "임시공휴일", "2025-01-28": "설날 전날", "2025-01-29": "설날",
        "2025-01-30": "설날 다음 날", "2025-03-01": "3ㆍ1절", "2025-03-03": "대체공휴일(3ㆍ1절)",
        "2025-05-05": "어린이날, 부처님 오신 날", "2025-05-06": "대체공휴일(부처님 오신 날)",
        "2025-06-03": "제21대 대통령선거", "2025-06-06": "현충일", "2025-08-15": "광복절", "2025-10-03": "개천절",
        "2025-10-05": "추석 전날", "2025-10-06": "추석", "2025-10-07": "추석 다음 날", "2025-10-08": "대체공휴일(추석)",
        "2025-10-09": "한글날", "2025-12-25": "기독탄신일",
    },
    2026: {
        "2026-01-01": "1월 1일", "2026-02-16": "설날 전날", "2026-02-17": "설날", "2026-02-18": "설날 다음 날",
        "2026-03-01": "3ㆍ1절", "2026-03-02": "대체공휴일(3ㆍ1절)", "2026-05-05": "어린이날",
        "2026-05-24": "부처님 오신 날", "2026-05-25": "대체공휴일(부처님 오신 날)", "2026-06-03": "전국동시지방선거",
        "2026-06-06": "현충일", "2026-07-17": "제헌절", "2026-08-15": "광복절", "2026-08-17": "대체공휴일(광복절)",
        "2026-09-24": "추석 전날", "2026-09-25": "추석", "2026-09-26": "추석 다음 날", "2026-10-03": "개천절",
        "2026-10-05": "대체공휴일(개천절)", "2026-10-09": "한글날", "2026-12-25": "기독탄신일",
    },
    2027: {
        "2027-01-01": "1월 1일", "2027-02-06": "설날 전날", "2027-02-07": "설날", "2027-02-08": "설날 다음 날",
        "2027-02-09": "대체공휴일(설날)", "2027-03-01": "3ㆍ1절", "2027-05-01": "노동절", "2027-05-03": "대체공휴일(노동절)",
        "2027-05-05": "어린이날", "2027-05-13": "부처님 오신 날", "2027-06-06": "현충일", "2027-07-17": "제헌절",
        "2027-07-19": "대체공휴일(제헌절)", "2027-08-15": "광복절", "2027-08-16": "대체공휴일(광복절)",
        "2027-09-14": "추석 전날", "2027-09-15": "추석", "2027-09-16": "추석 다음 날", "2027-10-03": "개천절",
        "2027-10-04": "대체공휴일(개천절)", "2027-10-09": "한글날", "2027-10-11": "대체공휴일(한글날)",
        "2027-12-25": "기독탄신일", "2027-12-27": "대체공휴일(기독탄신일)",
    },
}

# Public Official Election Act, art. 34: the first Wednesday from 70 (president), 50 (National Assembly) or 30 (local)
# days before the term ends; a week later when that day, the day before or the day after is a holiday.
ELECTIONS = [
    (datetime.date(2028, 5, 29), 50, "제23대 국회의원선거"),
    (datetime.date(2030, 6, 3), 70, "제22대 대통령선거"),
    (datetime.date(2030, 6, 30), 30, "전국동시지방선거"),
]


def lunar(year, month, day):
    calendar = KoreanLunarCalendar()
    calendar.setLunarDate(year, month, day, False)
    return datetime.date.fromisoformat(calendar.SolarIsoFormat())


def derived(year):
    days = {}

    def add(date, name):
        days[date] = f"{days[date]}, {name}" if date in days else name

    fixed = {(1, 1): "1월 1일", (3, 1): "3ㆍ1절", (5, 1): "노동절", (5, 5): "어린이날", (6, 6): "현충일",
             (7, 17): "제헌절", (8, 15): "광복절", (10, 3): "개천절", (10, 9): "한글날", (12, 25): "기독탄신일"}
    for (month, day), name in fixed.items():
        add(datetime.date(year, month, day), name)
    seollal, buddha, chuseok = lunar(year, 1, 1), lunar(year, 4, 8), lunar(year, 8, 15)
    one = datetime.timedelta(days=1)
    for date, name in [(seollal - one, "설날 전날"), (seollal, "설날"), (seollal + one, "설날 다음 날"),
                       (buddha, "부처님 오신 날"),
                       (chuseok - one, "추석 전날"), (chuseok, "추석"), (chuseok + one, "추석 다음 날")]:
        add(date, name)
    holidays = set(days)
    for end, before, name in ELECTIONS:
        if end.year != year:
            continue
        day = end - datetime.timedelta(days=before)
        day += datetime.timedelta(days=(2 - day.weekday()) % 7)
        if {day - one, day, day + one} & holidays:
            day += datetime.timedelta(days=7)
        add(day, name)

    # Substitute holidays (art. 3): the first following day that is not a holiday (nor a Sunday or, where Saturday
    # counts, a Saturday).
    taken = set(days)

    def substitute(date, name, saturday):
        day = date + one
        while day in taken or day.weekday() == 6 or (saturday and day.weekday() == 5):
            day += one
        taken.add(day)
        add(day, f"대체공휴일({name})")

    for spell, name in [((seollal - one, seollal, seollal + one), "설날"), ((chuseok - one, chuseok, chuseok + one), "추석")]:
        overlaps = sum(1 for d in spell if d.weekday() == 6 or len(days[d].split(", ")) > 1)
        for _ in range(overlaps):
            substitute(spell[-1], name, saturday=False)
    children = datetime.date(year, 5, 5)
    if children.weekday() >= 5 or len(days[children].split(", ")) > 1:
        substitute(children, "어린이날", saturday=True)
    for (month, day), name in [((3, 1), "3ㆍ1절"), ((5, 1), "노동절"), ((7, 17), "제헌절"), ((8, 15), "광복절"),
                               ((10, 3), "개천절"), ((10, 9), "한글날"), ((12, 25), "기독탄신일")]:
        if datetime.date(year, month, day).weekday() >= 5:
            substitute(datetime.date(year, month, day), name, saturday=True)
    if buddha.weekday() >= 5:
        substitute(buddha, "부처님 오신 날", saturday=True)
    return {d.isoformat(): n for d, n in sorted(days.items())}


def table():
    out = {}
    for year in range(2025, 2031):
        out.update(KASI.get(year) or derived(year))
    return out


def render(days):
    lines = [
        "// Generated by Tools/holidays/generate.py (sources named there: KASI's announced rest days for 2025-2027,",
        "// the holiday regulations with KASI's lunar calendar and the election law for 2028-2030). Do not edit.",
        "",
        "extension KoreanHolidays {",
        "    /// The years the table covers.",
        "    public static let years = 2025...2030",
        "",
        "    /// Every public holiday, `yyyymmdd` to its Korean name.",
        "    static let table: [Int: String] = [",
    ]
    for date, name in days.items():
        lines.append(f'        {date.replace("-", "")}: "{name}",')
    lines += ["    ]", "}", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    # The rules must give what KASI announced for its latest year.
    mismatch = set(derived(2027)) ^ set(KASI[2027])
    if mismatch:
        sys.exit(f"the derived rules disagree with KASI's 2027 list on {sorted(mismatch)}")
    text = render(table())
    if "--check" in sys.argv:
        sys.exit(0 if target.exists() and target.read_text() == text else 1)
    target.write_text(text)
