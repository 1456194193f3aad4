import AppCore
import Localization
import Models

/// Which catalog key says each contract value on the app screens.
enum Words {
    static func tab(_ tab: AppTab) -> L10nKey {
        switch tab {
        case .home: .tabHome
        case .parking: .tabParking
        case .forecast: .tabForecast
        case .outing: .tabOuting
        case .parks: .tabParks
        }
    }

    static func reason(_ reason: OpenEnum<RecommendationReason>?) -> L10nKey {
        switch reason?.known {
        case .mostAvailable?: .recommendMostAvailable
        case .bestForecast?: .recommendBestForecast
        case .onlyLiveCount?: .recommendOnlyLiveCount
        case .largestCapacity?: .recommendLargestCapacity
        case nil: .recommendUnknown
        }
    }

    static func trend(_ trend: OpenEnum<CrowdTrend>?) -> L10nKey? {
        switch trend?.known {
        case .rising?: .trendRising
        case .steady?: .trendSteady
        case .falling?: .trendFalling
        case nil: nil
        }
    }

    static func precipitation(_ p: OpenEnum<Precipitation>?) -> L10nKey? {
        switch p?.known {
        case .none?: .precipNone
        case .rain?: .precipRain
        case .rainAndSnow?: .precipRainAndSnow
        case .snow?: .precipSnow
        case .shower?: .precipShower
        case nil: nil
        }
    }

    static func air(_ air: OpenEnum<AirQuality>?) -> L10nKey {
        switch air?.known {
        case .good?: .airGood
        case .moderate?: .airModerate
        case .bad?: .airBad
        case .veryBad?: .airVeryBad
        case nil: .valueUnknown
        }
    }

    static func notice(_ kind: OpenEnum<NoticeKind>) -> L10nKey {
        switch kind.known {
        case .closure?: .noticeClosure
        case .warning?: .noticeWarning
        case .info?, nil: .noticeInfo
        }
    }

    static func state(_ state: OpenEnum<FreshnessState>) -> L10nKey {
        switch state.known {
        case .fresh?: .stateFresh
        case .stale?: .stateStale
        case .noItem?: .stateNoItem
        case .unavailable?, nil: .stateUnavailable
        }
    }

    static func confidence(_ c: OpenEnum<ForecastConfidence>) -> L10nKey {
        switch c.known {
        case .high?: .confidenceHigh
        case .medium?: .confidenceMedium
        case .low?, nil: .confidenceLow
        }
    }

    static func forecastReason(_ r: OpenEnum<ForecastReason>) -> L10nKey? {
        switch r.known {
        case .latestValue?: .forecastReasonLatestValue
        case .recentTrend?: .forecastReasonRecentTrend
        case .weekdayBaseline?: .forecastReasonWeekdayBaseline
        case .holidayPattern?: .forecastReasonHolidayPattern
        case .event?: .forecastReasonEvent
        case .weather?: .forecastReasonWeather
        case .closingSoon?: .forecastReasonClosingSoon
        case .sparseHistory?: .forecastReasonSparseHistory
        case nil: nil
        }
    }

    static func gap(_ gap: OpenEnum<ForecastGap>?) -> L10nKey {
        switch gap?.known {
        case .noHistory?: .gapNoHistory
        case .noLiveCount?: .gapNoLiveCount
        case .closed?: .gapClosed
        case nil: .valueUnknown
        }
    }

    static func basis(_ b: OpenEnum<CrowdForecastBasis>) -> L10nKey {
        b.known == .source ? .basisSource : .basisBaseline
    }

    static func facility(_ kind: OpenEnum<FacilityKind>) -> L10nKey {
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

    static func source(_ id: String) -> L10nKey? {
        switch id {
        case "parking": .sourceParking
        case "crowd": .sourceCrowd
        case "weather": .sourceWeather
        case "events": .sourceEvents
        case "forecast": .sourceForecast
        case "facilities": .sourceFacilities
        default: nil
        }
    }
}
