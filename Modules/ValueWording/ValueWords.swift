import FoundationEssentials
import Localization
import Models

/// The one place that says which catalog key names each value, for the widget and the app's screens alike. The
/// words themselves live in `Localization/Localizable.xcstrings`.
public enum ValueWords {
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

    public static func verdictReason(_ reason: Verdict.Reason) -> L10nKey {
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

    /// A transit hint in the reader's language, built from its parts; English readers get the reference data's
    /// sentence.
    public static func transit(_ hint: TransitHint, _ l: Localizer) -> String {
        guard l.language != .en else { return hint.english }
        var lines = hint.lines.map { line in
            switch line {
            case .numbered(let number): l(.transitLine, number)
            case .gyeonguiJungang: l(.transitLineGyeonguiJungang)
            }
        }
        if let former = hint.formerName { lines.append(l(.transitFormerName, former)) }
        let exits =
            switch hint.exits {
            case .any(let list): l(.transitExit, list.joined(separator: "·"))
            case .either(let one, let other): l(.transitExitOr, one, other)
            }
        var text = l(.transitHint, l(.transitStation, hint.station), lines.joined(separator: ", "), exits)
        switch hint.onward {
        case .villageBus(let number)?: text += ", " + l(.transitThenVillageBus, number)
        case .bus(let number)?: text += ", " + l(.transitThenBus, number)
        case .distance(let metres)?: text += ", " + l(.transitAboutDistance, TransitHint.distance(metres))
        case .walk(let minutes)?: text += ", " + l(.transitAboutWalkMinutes, minutes)
        case .walkway(let metres)?: text += ", " + l(.transitAboutWalkway, TransitHint.distance(metres))
        case nil: break
        }
        return text
    }

    /// The transit lines a park's outing shows: the catalog's hints in the reader's language when the server sends
    /// those same hints (or none), else the server's hints as written (a newer server may know better).
    public static func transit(server: [String], park: ParkID, catalog: Catalog, _ l: Localizer) -> [String] {
        let known = catalog.transit(for: park)
        guard server.isEmpty || server == known.map(\.english) else { return server }
        return known.map { transit($0, l) }
    }

    /// When a value was observed: `clock`'s time of day when it was today in Seoul, else the day (`08-20`).
    public static func observed(_ date: Date, now: Date, clock: (Date) -> String) -> String {
        SeoulTime(date).dayNumber == SeoulTime(now).dayNumber ? clock(date) : day(date)
    }

    /// The day in Seoul, `08-18`.
    public static func day(_ date: Date) -> String {
        let (month, day) = SeoulTime(date).monthDay
        return (month < 10 ? "0" : "") + "\(month)-" + (day < 10 ? "0" : "") + "\(day)"
    }

    public static func widgetKind(_ kind: WidgetKind) -> L10nKey {
        switch kind {
        case .parking: .widgetKindParking
        case .general: .widgetKindGeneral
        case .go: .widgetKindGo
        }
    }

    public static func recommendation(_ reason: OpenEnum<RecommendationReason>?) -> L10nKey {
        switch reason?.known {
        case .mostAvailable?: .recommendMostAvailable
        case .bestForecast?: .recommendBestForecast
        case .onlyLiveCount?: .recommendOnlyLiveCount
        case .largestCapacity?: .recommendLargestCapacity
        case nil: .recommendUnknown
        }
    }

    public static func trend(_ trend: OpenEnum<CrowdTrend>?) -> L10nKey? {
        switch trend?.known {
        case .rising?: .trendRising
        case .steady?: .trendSteady
        case .falling?: .trendFalling
        case nil: nil
        }
    }

    public static func precipitation(_ p: OpenEnum<Precipitation>?) -> L10nKey? {
        switch p?.known {
        case .none?: .precipNone
        case .rain?: .precipRain
        case .rainAndSnow?: .precipRainAndSnow
        case .snow?: .precipSnow
        case .shower?: .precipShower
        case nil: nil
        }
    }

    public static func air(_ air: OpenEnum<AirQuality>?) -> L10nKey {
        switch air?.known {
        case .good?: .airGood
        case .moderate?: .airModerate
        case .bad?: .airBad
        case .veryBad?: .airVeryBad
        case nil: .valueUnknown
        }
    }

    public static func notice(_ kind: OpenEnum<NoticeKind>) -> L10nKey {
        switch kind.known {
        case .closure?: .noticeClosure
        case .warning?: .noticeWarning
        case .info?, nil: .noticeInfo
        }
    }

    public static func state(_ state: OpenEnum<FreshnessState>) -> L10nKey {
        switch state.known {
        case .fresh?: .stateFresh
        case .stale?: .stateStale
        case .noItem?: .stateNoItem
        case .unavailable?, nil: .stateUnavailable
        }
    }

    public static func confidence(_ c: OpenEnum<ForecastConfidence>) -> L10nKey {
        switch c.known {
        case .high?: .confidenceHigh
        case .medium?: .confidenceMedium
        case .low?, nil: .confidenceLow
        }
    }

    public static func forecastReason(_ r: OpenEnum<ForecastReason>) -> L10nKey? {
        switch r.known {
        case .latestValue?: .forecastReasonLatestValue
        case .recentTrend?: .forecastReasonRecentTrend
        case .weekdayBaseline?: .forecastReasonWeekdayBaseline
        case .holidayPattern?: .forecastReasonHolidayPattern
        case .event?: .forecastReasonEvent
        case .weather?: .forecastReasonWeather
        case .closingSoon?: .forecastReasonClosingSoon
        case .sparseHistory?: .forecastReasonSparseHistory
        case .roadWorks?: .forecastReasonRoadWorks
        case nil: nil
        }
    }

    public static func gap(_ gap: OpenEnum<ForecastGap>?) -> L10nKey {
        switch gap?.known {
        case .noHistory?: .gapNoHistory
        case .noLiveCount?: .gapNoLiveCount
        case .closed?: .gapClosed
        case nil: .valueUnknown
        }
    }

    /// How a parking forecast was made; nil when the server did not say.
    public static func parkingBasis(_ b: OpenEnum<ParkingForecastBasis>?) -> L10nKey? {
        switch b?.known {
        case .learned?: .forecastBasisLearned
        case .rule?: .forecastBasisRule
        case nil: nil
        }
    }

    public static func basis(_ b: OpenEnum<CrowdForecastBasis>) -> L10nKey {
        b.known == .source ? .basisSource : .basisBaseline
    }

    public static func facility(_ kind: OpenEnum<FacilityKind>) -> L10nKey {
        switch kind.known {
        case .restroom?: .facilityRestroom
        case .convenienceStore?: .facilityConvenienceStore
        case .bikeRental?: .facilityBikeRental
        case .drinkingFountain?: .facilityDrinkingFountain
        case .playground?: .facilityPlayground
        case .swimmingPool?: .facilitySwimmingPool
        case .campground?: .facilityCampground
        case .dockingPier?: .facilityDockingPier
        case nil: .facilityOther
        }
    }

    public static func source(_ id: OpenEnum<SourceID>) -> L10nKey? {
        switch id.known {
        case .parking?: .sourceParking
        case .crowd?: .sourceCrowd
        case .weather?: .sourceWeather
        case .events?: .sourceEvents
        case .forecast?: .sourceForecast
        case .facilities?: .sourceFacilities
        case .bikes?: .sourceBikes
        case .subway?: .sourceSubway
        case .buses?: .sourceBuses
        case .chargers?: .sourceChargers
        case .roadControls?: .sourceRoadControls
        case nil: nil
        }
    }
}
