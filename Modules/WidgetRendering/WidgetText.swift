import Foundation
import Localization
import Models
import WidgetSnapshot

/// Which catalog key says each value (shared by the widget and the app screens). The words themselves live in `Localization/Localizable.xcstrings`.
public enum WidgetText {
    /// A lot's status; a status this client does not know (from a newer server) is named as such, never as a
    /// missing count.
    public static func label(_ label: OpenEnum<LotStatusLabel>?) -> L10nKey {
        switch label {
        case .known(.available)?: .lotLabelAvailable
        case .known(.normal)?: .lotLabelNormal
        case .known(.crowded)?: .lotLabelCrowded
        case .known(.full)?: .lotLabelFull
        case .known(.closed)?: .lotLabelClosed
        case .known(.unknown)?, nil: .lotLabelUnknown
        case .unknown?: .lotLabelUnrecognized
        }
    }

    public static func crowd(_ level: OpenEnum<CrowdLevel>?) -> L10nKey {
        switch level?.known {
        case .relaxed?: .crowdRelaxed
        case .normal?: .crowdNormal
        case .slightlyCrowded?: .crowdSlightlyCrowded
        case .crowded?: .crowdCrowded
        case nil: .crowdUnknown
        }
    }

    public static func verdict(_ verdict: Verdict) -> L10nKey {
        switch verdict.call {
        case .go: .verdictGo
        case .caution: .verdictCaution
        case .skip: .verdictSkip
        }
    }

    public static func reason(_ reason: Verdict.Reason) -> L10nKey {
        switch reason {
        case .calm: .verdictReasonCalm
        case .crowded: .verdictReasonCrowded
        case .wet: .verdictReasonWet
        case .badAir: .verdictReasonBadAir
        case .event: .verdictReasonEvent
        case .closure: .verdictReasonClosure
        case .parkingFull: .verdictReasonParkingFull
        case .noData: .verdictReasonNoData
        case .parkingClosed: .verdictReasonParkingClosed
        case .lateNight: .verdictReasonLateNight
        }
    }

    /// "closed · opens 06:00 (in 5 h 40 min)": a closure as the app and the widget both say it (`clock` writes the
    /// opening time as the caller shows times).
    public static func closed(opensAt: Date?, now: Date, clock: (Date) -> String, _ l: Localizer) -> String {
        guard let opensAt else { return l(.lotLabelClosed) }
        let minutes = max(1, Int((opensAt.timeIntervalSince(now) / 60).rounded()))
        return l(.parkingClosedOpens, clock(opensAt), l.duration(minutes: minutes))
    }
}
