/// A public parking lot of a Hangang park, as listed by Seoul (dataset OA-21083).
public struct ParkingLot: Hashable, Sendable, Codable, Identifiable {
    /// Stable id, e.g. `yeouido-1`.
    public var id: LotID
    /// The park this lot belongs to.
    public var parkId: ParkID
    /// Korean name as Seoul lists it, e.g. 여의도1주차장.
    public var nameKo: String
    /// English name, e.g. Yeouido Lot 1.
    public var nameEn: String
    /// Entrance position.
    public var coordinate: Coordinate
    /// Number of spaces.
    public var capacity: Int
    /// Street address in Korean.
    public var addressKo: String?
    /// Opening hours in Seoul time.
    public var hours: OpeningHours
    /// Fees in KRW.
    public var fees: Fees
    /// Operator, in Korean.
    public var operatorKo: String?
    /// Phone number of the operator.
    public var phone: String?

    public init(
        id: LotID, parkId: ParkID, nameKo: String, nameEn: String, coordinate: Coordinate, capacity: Int,
        addressKo: String? = nil, hours: OpeningHours, fees: Fees, operatorKo: String? = nil, phone: String? = nil
    ) {
        self.id = id
        self.parkId = parkId
        self.nameKo = nameKo
        self.nameEn = nameEn
        self.coordinate = coordinate
        self.capacity = capacity
        self.addressKo = addressKo
        self.hours = hours
        self.fees = fees
        self.operatorKo = operatorKo
        self.phone = phone
    }
}

/// Daily opening hours as `HH:MM` in Seoul time.
public struct OpeningHours: Hashable, Sendable, Codable {
    /// Opening time, e.g. `06:00`.
    public var open: String
    /// Closing time, e.g. `23:00`.
    public var close: String

    public init(open: String, close: String) {
        self.open = open
        self.close = close
    }

    /// Minutes after midnight of `open` and `close`, or nil when malformed.
    public var minutes: (open: Int, close: Int)? {
        guard let o = Self.minuteOfDay(open), let c = Self.minuteOfDay(close) else { return nil }
        return (o, c)
    }

    /// Whether the lot is open at the given minute of the Seoul day (0..<1440). Unknown hours count as open.
    public func isOpen(atMinuteOfDay minute: Int) -> Bool {
        guard let (o, c) = minutes else { return true }
        return o <= c ? (minute >= o && minute < c) : (minute >= o || minute < c)
    }

    /// Minutes after midnight of an `HH:MM` time (24:00 allowed), or nil when it is not one.
    public static func minuteOfDay(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0...24).contains(h), (0..<60).contains(m)
        else { return nil }
        return h * 60 + m
    }
}

/// Parking fees in KRW. The basic charge covers the first `basicMinutes`; then `additionalCharge` per
/// `additionalUnitMinutes`. Leaving within `freeMinutes` costs nothing (all or nothing).
public struct Fees: Hashable, Sendable, Codable {
    public var basicMinutes: Int
    public var basicCharge: Int
    public var additionalUnitMinutes: Int
    public var additionalCharge: Int
    /// Day pass, when sold.
    public var dayPass: Int?
    /// Monthly pass, when sold.
    public var monthPass: Int?
    /// Grace period in minutes, when there is one.
    public var freeMinutes: Int?

    public init(
        basicMinutes: Int, basicCharge: Int, additionalUnitMinutes: Int, additionalCharge: Int,
        dayPass: Int? = nil, monthPass: Int? = nil, freeMinutes: Int? = nil
    ) {
        self.basicMinutes = basicMinutes
        self.basicCharge = basicCharge
        self.additionalUnitMinutes = additionalUnitMinutes
        self.additionalCharge = additionalCharge
        self.dayPass = dayPass
        self.monthPass = monthPass
        self.freeMinutes = freeMinutes
    }

    /// The charge for a stay of `minutes` at the hourly rates (a day pass is a separate purchase).
    public func charge(forMinutes minutes: Int) -> Int {
        if let free = freeMinutes, minutes <= free { return 0 }
        var total = basicCharge
        if minutes > basicMinutes, additionalUnitMinutes > 0 {
            let extra = minutes - basicMinutes
            let units = (extra + additionalUnitMinutes - 1) / additionalUnitMinutes
            total += units * additionalCharge
        }
        return total
    }
}
