import Foundation
import Models

/// The deterministic model behind simulated data: occupancy from time of day in Seoul, rest days, season,
/// park popularity (Yeouido and Banpo busiest), weather and events, with noise seeded by (lot, 5-minute bucket).
public struct SimulationModel: Sendable {
    public let catalog: Catalog

    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// The 5-minute bucket of an instant.
    public static func bucket(_ date: Date) -> Int { Int((date.timeIntervalSince1970 / 300).rounded(.down)) }

    /// The start of a bucket.
    public static func date(ofBucket bucket: Int) -> Date { Date(timeIntervalSince1970: Double(bucket) * 300) }

    static let popularity: [String: Double] = [
        "yeouido": 1.0, "banpo": 0.97, "ttukseom": 0.85, "jamsil": 0.8, "mangwon": 0.72, "nanji": 0.7,
        "ichon": 0.68, "jamwon": 0.66, "gwangnaru": 0.55, "yanghwa": 0.5, "gangseo": 0.45,
    ]

    /// Share of the day's peak demand at a minute of the day.
    static func dayCurve(minute: Int, restDay: Bool) -> Double {
        let h = Double(minute) / 60
        func bump(_ centre: Double, _ width: Double, _ height: Double) -> Double {
            height * exp(-pow((h - centre) / width, 2))
        }
        if restDay {
            return min(1, 0.08 + bump(11.5, 2.2, 0.45) + bump(16.5, 3.0, 0.85) + bump(20.0, 1.6, 0.35))
        }
        return min(1, 0.06 + bump(12.3, 1.3, 0.28) + bump(19.8, 1.9, 0.55) + bump(15.5, 2.5, 0.12))
    }

    static func seasonFactor(month: Int) -> Double {
        switch month {
        case 12, 1, 2: 0.55
        case 3, 11: 0.75
        case 4, 5, 9, 10: 1.0
        default: 0.92  // summer heat and monsoon
        }
    }

    /// Whether it rains in Seoul on this day (about one day in seven, more in July and August).
    public func isRainy(dayNumber: Int) -> Bool {
        let (_, month, _) = SeoulTime.civil(dayNumber)
        let chance = (month == 7 || month == 8) ? 0.4 : 0.14
        return DeterministicNoise.unit("rain", dayNumber) < chance
    }

    /// Festival nights that fill the lots of a park.
    public func eventFactor(park: ParkID, time: SeoulTime) -> Double {
        eventsToday(park: park, dayNumber: time.dayNumber).contains { event in
            let start = SeoulTime(event.startsAt).minuteOfDay
            return time.minuteOfDay >= start - 120 && time.minuteOfDay <= start + 240
        } ? 1.35 : 1.0
    }

    /// Expected occupied share (0...1) of a lot at an instant, before noise.
    public func expectedOccupancy(lot: ParkingLot, at date: Date) -> Double {
        let time = SeoulTime(date)
        let popularity = Self.popularity[lot.parkId.rawValue] ?? 0.6
        var demand = popularity * Self.dayCurve(minute: time.minuteOfDay, restDay: time.isRestDay)
        demand *= Self.seasonFactor(month: time.monthDay.month)
        if isRainy(dayNumber: time.dayNumber) { demand *= 0.55 }
        demand *= eventFactor(park: lot.parkId, time: time)
        // Big lots fill more slowly than small ones.
        demand *= lot.capacity > 400 ? 0.92 : lot.capacity < 60 ? 1.08 : 1.0
        return min(1, max(0, demand))
    }

    /// Free spaces of a lot at an instant; nil outside opening hours or when the lot reports no live count.
    public func available(lot: ParkingLot, at date: Date) -> Int? {
        let time = SeoulTime(date)
        guard lot.hours.isOpen(atMinuteOfDay: time.minuteOfDay) else { return nil }
        let bucket = Self.bucket(date)
        // Some lots lose their live count for a day now and then (CUR_PRK_YN = N).
        if DeterministicNoise.unit("nolive-" + lot.id.rawValue, time.dayNumber) < 0.04 { return nil }
        let noise =
            0.5 * DeterministicNoise.normal(lot.id.rawValue, bucket) + 0.5
            * DeterministicNoise.normal(lot.id.rawValue, bucket - 1)
        let occupancy = min(1, max(0, expectedOccupancy(lot: lot, at: date) + 0.045 * noise))
        return Int((Double(lot.capacity) * (1 - occupancy)).rounded())
    }

    /// Crowd level and population of a park.
    public func crowd(park: Park, at date: Date) -> (CrowdLevel, Int, Int) {
        let time = SeoulTime(date)
        var demand =
            (Self.popularity[park.id.rawValue] ?? 0.6)
            * Self.dayCurve(minute: time.minuteOfDay, restDay: time.isRestDay)
        demand *= Self.seasonFactor(month: time.monthDay.month)
        if isRainy(dayNumber: time.dayNumber) { demand *= 0.5 }
        demand *= eventFactor(park: park.id, time: time)
        demand += 0.04 * DeterministicNoise.normal("crowd-" + park.id.rawValue, Self.bucket(date) / 3)
        let level: CrowdLevel =
            demand < 0.3 ? .relaxed : demand < 0.55 ? .normal : demand < 0.8 ? .slightlyCrowded : .crowded
        let population = Int(max(200, demand * 24_000) / 500) * 500
        return (level, population, population + 2_000)
    }

    /// Festival and market events of a park on a day.
    public func eventsToday(park: ParkID, dayNumber: Int) -> [ParkEvent] {
        let (year, month, day) = SeoulTime.civil(dayNumber)
        let weekday = SeoulTime.weekday(ofDay: dayNumber)
        let midnight = Date(timeIntervalSince1970: Double(dayNumber * 86_400 - 9 * 3600))
        func event(_ id: String, _ ko: String, _ en: String, from hour: Double, to endHour: Double) -> ParkEvent {
            ParkEvent(
                id: "\(id)-\(year)\(month)\(day)", title: PublicText(ko: ko, en: en),
                startsAt: midnight.addingTimeInterval(hour * 3600), endsAt: midnight.addingTimeInterval(endHour * 3600),
                affectsParking: true)
        }
        var events: [ParkEvent] = []
        // Seoul International Fireworks Festival: first Saturday of October, Yeouido.
        if park == "yeouido", month == 10, weekday == 6, day <= 7 {
            events.append(event("fireworks", "서울세계불꽃축제", "Seoul International Fireworks Festival", from: 19, to: 21))
        }
        // Night markets on Friday and Saturday evenings, April to October, Yeouido and Banpo.
        if park == "yeouido" || park == "banpo", (4...10).contains(month), weekday == 5 || weekday == 6 {
            events.append(event("night-market", "서울밤도깨비야시장", "Seoul Night Goblin Market", from: 18, to: 23))
        }
        // Moonlight Rainbow Fountain shows, April to October evenings, Banpo.
        if park == "banpo", (4...10).contains(month) {
            events.append(event("fountain", "달빛무지개분수 공연", "Moonlight Rainbow Fountain show", from: 19.5, to: 21))
        }
        return events
    }

    /// Notices: lots closed the day after heavy rain for cleaning, and a standing notice on Yeouido Lot 2.
    public func notices(park: ParkID, dayNumber: Int) -> [ParkNotice] {
        var notices: [ParkNotice] = []
        if isRainy(dayNumber: dayNumber - 1), DeterministicNoise.unit("flood-" + park.rawValue, dayNumber) < 0.35 {
            let lots = catalog.lots(in: park).prefix(1).map(\.id)
            notices.append(
                ParkNotice(
                    id: "rain-cleanup-\(park.rawValue)-\(dayNumber)", kind: .known(.closure),
                    text: PublicText(
                        ko: "강우 후 하천변 정리로 일부 주차장 임시 폐쇄",
                        en: "Part of the riverside parking closed for clean-up after heavy rain"),
                    lotIds: Array(lots)))
        }
        return notices
    }

    /// Weather at a park (one reading for Seoul, varied a little by park).
    public func weather(park: Park, at date: Date) -> Weather {
        let time = SeoulTime(date)
        let month = time.monthDay.month
        let monthlyMean: [Double] = [-2.0, 0.5, 6.0, 12.5, 18.0, 22.5, 25.5, 26.5, 22.0, 15.5, 8.0, 0.5]
        let hourSwing = -cos(Double(time.minuteOfDay - 14 * 60) / 1440 * 2 * .pi) * 4.0
        let temperature =
            monthlyMean[month - 1] + hourSwing * -1 + 2 * DeterministicNoise.normal("temp", time.dayNumber)
        let rainy = isRainy(dayNumber: time.dayNumber)
        let pm10 = Int(max(8, 38 + 18 * DeterministicNoise.normal("pm10", time.dayNumber)))
        let pm25 = Int(max(4, Double(pm10) * 0.45))
        let air: AirQuality = pm10 <= 30 ? .good : pm10 <= 80 ? .moderate : pm10 <= 150 ? .bad : .veryBad
        let reading = Date(timeIntervalSince1970: Double(Int(date.timeIntervalSince1970 / 3600) * 3600))
        return Weather(
            temperatureC: (temperature * 10).rounded() / 10,
            feelsLikeC: ((temperature - (rainy ? 2.5 : 1.0)) * 10).rounded() / 10,
            precipitation: .known(rainy ? (month <= 2 || month == 12 ? .snow : .rain) : Precipitation.none),
            precipitationText: rainy ? "1~4mm" : "-", pm10: pm10, pm25: pm25, air: .known(air), observedAt: reading)
    }

    /// Occasional outages, so every freshness state appears: a source fails for an hour now and then.
    public func outage(_ kind: SourceKind, park: ParkID, at date: Date) -> SourceOutcome<Void>? {
        let hour = Int(date.timeIntervalSince1970 / 3600)
        let u = DeterministicNoise.unit("outage-\(kind.rawValue)-\(park.rawValue)", hour)
        switch kind {
        case .weather where u < 0.05: return .failing("simulated upstream timeout")
        case .crowd where u < 0.03: return .noItem
        case .parking where u < 0.02: return .failing("simulated ERROR-500")
        default: return nil
        }
    }
}
