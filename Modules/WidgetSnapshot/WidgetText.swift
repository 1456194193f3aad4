import Foundation
import Models

/// The widget's words in Korean and English.
/// TODO(issue 7): generated from the String Catalog in Localization/ once it exists; keys stay the same.
public enum WidgetLanguage: String, Sendable {
    case ko, en

    /// `--lang`, then `LC_ALL`, `LC_MESSAGES`, `LANG` (`ko_KR.UTF-8` means Korean); English otherwise.
    public static func resolve(explicit: String?, settings: String?, environment: [String: String]) -> WidgetLanguage {
        for candidate in [explicit, settings, environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]] {
            guard let value = candidate?.lowercased(), !value.isEmpty else { continue }
            return value.hasPrefix("ko") ? .ko : .en
        }
        return .en
    }
}

enum WidgetText {
    static func label(_ label: OpenEnum<LotStatusLabel>?, _ lang: WidgetLanguage) -> String {
        switch (label?.known, lang) {
        case (.available?, .ko): "여유"
        case (.available?, .en): "plenty"
        case (.normal?, .ko): "보통"
        case (.normal?, .en): "filling"
        case (.crowded?, .ko): "혼잡"
        case (.crowded?, .en): "nearly full"
        case (.full?, .ko): "만차"
        case (.full?, .en): "full"
        case (.closed?, .ko): "운영 종료"
        case (.closed?, .en): "closed"
        case (_, .ko): "정보 없음"
        case (_, .en): "no count"
        }
    }

    static func crowd(_ level: OpenEnum<CrowdLevel>?, _ lang: WidgetLanguage) -> String {
        switch (level?.known, lang) {
        case (.relaxed?, .ko): "여유"
        case (.relaxed?, .en): "relaxed"
        case (.normal?, .ko): "보통"
        case (.normal?, .en): "normal"
        case (.slightlyCrowded?, .ko): "약간 붐빔"
        case (.slightlyCrowded?, .en): "slightly crowded"
        case (.crowded?, .ko): "붐빔"
        case (.crowded?, .en): "crowded"
        case (_, .ko): "혼잡도 정보 없음"
        case (_, .en): "crowd unknown"
        }
    }

    static func verdict(_ verdict: Verdict, _ lang: WidgetLanguage) -> String {
        switch (verdict.call, lang) {
        case (.go, .ko): "나들이 좋음"
        case (.go, .en): "good to go"
        case (.caution, .ko): "주의"
        case (.caution, .en): "go with care"
        case (.skip, .ko): "다음에"
        case (.skip, .en): "maybe not today"
        }
    }

    static func reason(_ reason: Verdict.Reason, _ lang: WidgetLanguage) -> String {
        switch (reason, lang) {
        case (.calm, .ko): "한산하고 날씨 무난"
        case (.calm, .en): "calm, fair weather"
        case (.crowded, .ko): "붐빔"
        case (.crowded, .en): "crowded"
        case (.wet, .ko): "비·눈"
        case (.wet, .en): "rain or snow"
        case (.badAir, .ko): "미세먼지 나쁨"
        case (.badAir, .en): "poor air"
        case (.event, .ko): "행사 있음"
        case (.event, .en): "event on"
        case (.closure, .ko): "일부 폐쇄"
        case (.closure, .en): "partly closed"
        case (.parkingFull, .ko): "주차장 만차"
        case (.parkingFull, .en): "lots full"
        case (.noData, .ko): "정보 부족"
        case (.noData, .en): "little data"
        }
    }

    static func stale(minutes: Int, _ lang: WidgetLanguage) -> String {
        lang == .ko ? "\(minutes)분 전 정보" : "\(minutes) min old"
    }

    static func noData(_ lang: WidgetLanguage) -> String { lang == .ko ? "정보 없음" : "no data" }
    static func simulated(_ lang: WidgetLanguage) -> String { lang == .ko ? "모의 데이터" : "simulated" }
    static func forecast(_ hint: WidgetSnapshot.ForecastHint, _ lang: WidgetLanguage) -> String {
        lang == .ko ? "\(hint.minutesAhead)분 후 약 \(hint.p50)면 (\(hint.p10)–\(hint.p90))"
            : "in \(hint.minutesAhead) min about \(hint.p50) (\(hint.p10)–\(hint.p90))"
    }
    static func spaces(_ n: Int, _ lang: WidgetLanguage) -> String {
        lang == .ko ? "\(n)면" : (n == 1 ? "1 space" : "\(n) spaces")
    }
}
