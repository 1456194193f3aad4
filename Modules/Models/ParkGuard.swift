import FoundationEssentials

/// A payload that belongs to exactly one park.
public protocol ParkScoped {
    /// Every park id the payload mentions (top level and nested), in any order.
    var mentionedParkIDs: [ParkID] { get }
}

/// The guard every loader and the cache pass a park-scoped payload through before using it.
///
/// A payload that mentions any park other than the requested one is refused whole: nothing of it is stored or shown.
public enum ParkGuard {
    /// Returns the payload when every park id in it is `requested`; throws ``ContractError/wrongPark(expected:received:)``.
    @discardableResult
    public static func check<T: ParkScoped>(_ payload: T, requested: ParkID) throws(ContractError) -> T {
        if let other = payload.mentionedParkIDs.first(where: { $0 != requested }) {
            throw .wrongPark(expected: requested, received: other)
        }
        return payload
    }

    /// Decodes a park-scoped payload and checks it belongs to `requested`.
    public static func decode<T: Decodable & ParkScoped>(
        _ type: T.Type, from data: Data, requested: ParkID, sizeLimit: Int = ContractCoding.defaultSizeLimit
    ) throws(ContractError) -> T {
        try check(ContractCoding.decode(type, from: data, sizeLimit: sizeLimit), requested: requested)
    }
}

extension ParkingAggregate: ParkScoped {
    public var mentionedParkIDs: [ParkID] { [parkId] + lots.map(\.lot.parkId) }
}

extension ForecastOverview: ParkScoped {
    public var mentionedParkIDs: [ParkID] { [parkId] }
}

extension OutingSummary: ParkScoped {
    public var mentionedParkIDs: [ParkID] { [parkId] }
}

extension HomeSummary: ParkScoped {
    public var mentionedParkIDs: [ParkID] {
        [park.id] + parking.mentionedParkIDs + forecast.mentionedParkIDs + outing.mentionedParkIDs
    }
}
