import FoundationEssentials
import Models

/// The go snapshot's form of a `/v2/forecasts` answer: only what ranking and its words read (each lot's live count,
/// its forecast points' times, p10, p50, p90 and risk, its gap; each park's parking state and road speed), as rows
/// rather than objects, a forecast's points as one line of numbers. The go widget decodes it on every fresh run:
/// decoding the whole answer's objects was three quarters of that run's instructions.
struct CompactLotForecasts: Codable, Equatable {
    var generatedAt: Date
    var horizonMinutes: Int
    var parks: [Park]

    struct Park: Codable, Equatable {
        var parkId: ParkID
        var parking: Parking?
        var roadTraffic: RoadTraffic?
        var lots: [Lot]
        var forecasts: [Forecast]
    }

    /// The park's parking source: `[source, state, observedAt, simulated]`, times in seconds since 1970.
    struct Parking: Codable, Equatable {
        var status: SourceStatus

        init(_ status: SourceStatus) {
            self.status = SourceStatus(
                source: status.source, sourceName: "", state: status.state, observedAt: status.observedAt,
                lastSuccessAt: nil, simulated: status.simulated)
        }

        init(from decoder: any Decoder) throws {
            var row = try decoder.unkeyedContainer()
            let source = try row.decode(String.self)
            // The row is the park's parking source; one naming another would not be read as parking again.
            guard source == SourceID.parking.rawValue else {
                throw DecodingError.dataCorruptedError(
                    in: row, debugDescription: "the parking row names the source \(source)")
            }
            let state = try row.decode(String.self)
            let observed = try row.decodeNil() ? nil : try row.decode(Double.self)
            self.init(
                SourceStatus(
                    source: OpenEnum(rawValue: source), sourceName: "", state: OpenEnum(rawValue: state),
                    observedAt: observed.map(Date.init(timeIntervalSince1970:)), lastSuccessAt: nil,
                    simulated: try row.decode(Bool.self)))
        }

        func encode(to encoder: any Encoder) throws {
            var row = encoder.unkeyedContainer()
            try row.encode(status.source.rawValue)
            try row.encode(status.state.rawValue)
            try row.encode(status.observedAt?.timeIntervalSince1970)
            try row.encode(status.simulated)
        }
    }

    /// `[lotId, available, capacity, observedAt, label]`.
    struct Lot: Codable, Equatable {
        var status: LotStatus

        init(_ status: LotStatus) {
            self.status = LotStatus(
                lotId: status.lotId, available: status.available, capacity: status.capacity,
                observedAt: status.observedAt, label: status.label)
        }

        init(from decoder: any Decoder) throws {
            var row = try decoder.unkeyedContainer()
            let id = try row.decode(String.self)
            let available = try row.decodeNil() ? nil : try row.decode(Int.self)
            let capacity = try row.decode(Int.self)
            let observed = try row.decodeNil() ? nil : try row.decode(Double.self)
            status = LotStatus(
                lotId: LotID(rawValue: id), available: available, capacity: capacity,
                observedAt: observed.map(Date.init(timeIntervalSince1970:)),
                label: OpenEnum(rawValue: try row.decode(String.self)))
        }

        func encode(to encoder: any Encoder) throws {
            var row = encoder.unkeyedContainer()
            try row.encode(status.lotId.rawValue)
            try row.encode(status.available)
            try row.encode(status.capacity)
            try row.encode(status.observedAt?.timeIntervalSince1970)
            try row.encode(status.label.rawValue)
        }
    }

    /// `[lotId, gap, "at,minutesAhead,p10,p50,p90,risk,at,..."]`: one string, which the decoder reads at once where
    /// as many JSON numbers cost it a value each.
    struct Forecast: Codable, Equatable {
        var forecast: ParkingForecast
        static let width = 6

        init(_ forecast: ParkingForecast) {
            self.forecast = ParkingForecast(
                lotId: forecast.lotId,
                points: forecast.points.map {
                    Self.point($0.at, $0.minutesAhead, $0.p10, $0.p50, $0.p90, $0.riskOfNoSpace)
                },
                gap: forecast.gap)
        }

        static func point(_ at: Date, _ ahead: Int, _ p10: Int, _ p50: Int, _ p90: Int, _ risk: Double)
            -> ForecastPoint
        {
            ForecastPoint(
                at: at, minutesAhead: ahead, p10: p10, p50: p50, p90: p90, riskOfNoSpace: risk,
                confidence: .known(.low), reasons: [])
        }

        init(from decoder: any Decoder) throws {
            var row = try decoder.unkeyedContainer()
            let id = try row.decode(String.self)
            let gap = try row.decodeNil() ? nil : OpenEnum<ForecastGap>(rawValue: try row.decode(String.self))
            let text = try row.decode(String.self)
            // Split as bytes: splitting the String walks it character by character.
            let fields =
                text.isEmpty
                ? []
                : text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map {
                    String(decoding: $0, as: UTF8.self)
                }
            var points: [ForecastPoint] = []
            var start = 0
            while start + Self.width <= fields.count {
                // Times and the risk are numbers, minutes and spaces whole ones: anything else is a damaged file.
                guard let at = Double(fields[start]), at.isFinite, let ahead = Int(fields[start + 1]),
                    let p10 = Int(fields[start + 2]), let p50 = Int(fields[start + 3]),
                    let p90 = Int(fields[start + 4]),
                    let risk = Double(fields[start + 5]), (0...1).contains(risk)
                else { break }
                points.append(Self.point(Date(timeIntervalSince1970: at), ahead, p10, p50, p90, risk))
                start += Self.width
            }
            guard start == fields.count else {
                throw DecodingError.dataCorruptedError(
                    in: row, debugDescription: "a forecast's points are \(Self.width) numbers each, counts whole")
            }
            forecast = ParkingForecast(lotId: LotID(rawValue: id), points: points, gap: gap)
        }

        func encode(to encoder: any Encoder) throws {
            var row = encoder.unkeyedContainer()
            try row.encode(forecast.lotId?.rawValue ?? "")
            try row.encode(forecast.gap?.rawValue)
            var fields: [String] = []
            for point in forecast.points {
                fields += ["\(point.at.timeIntervalSince1970)", "\(point.minutesAhead)", "\(point.p10)"]
                fields += ["\(point.p50)", "\(point.p90)", "\(point.riskOfNoSpace)"]
            }
            try row.encode(fields.joined(separator: ","))
        }
    }

    init(_ answer: LotForecastsResponse) {
        generatedAt = answer.generatedAt
        horizonMinutes = answer.horizonMinutes
        parks = answer.parks.map { park in
            Park(
                parkId: park.parkId, parking: park.freshness[.parking].map(Parking.init),
                roadTraffic: park.roadTraffic, lots: park.lots.map(Lot.init),
                forecasts: park.forecasts.map(Forecast.init))
        }
    }

    /// The answer as ranking reads it.
    var answer: LotForecastsResponse {
        LotForecastsResponse(
            generatedAt: generatedAt, horizonMinutes: horizonMinutes,
            parks: parks.map { park in
                ParkLotForecasts(
                    parkId: park.parkId, lots: park.lots.map(\.status), forecasts: park.forecasts.map(\.forecast),
                    roadTraffic: park.roadTraffic,
                    freshness: Freshness(sources: park.parking.map { [$0.status] } ?? []))
            })
    }
}
