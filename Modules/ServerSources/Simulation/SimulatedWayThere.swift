import Foundation
import Models

/// Simulated way-there sections, so the embedded default shows every list (labelled simulated like every other
/// simulated value): a 따릉이 station at the park's 나들목 and beside each lot, the catalog's stations with trains
/// both ways, a bus stop, a charging station at each lot, and now and then a road work at a lot's entrance.
extension SimulationModel {
    /// Every way-there list of `park` at `date`, stamped with its 5-minute bucket.
    public func wayThere(_ park: Park, at date: Date) -> WayThere {
        let bucket = Self.bucket(date)
        let observed = Self.date(ofBucket: bucket)
        let lots = catalog.lots(in: park.id)
        return WayThere(
            bikeStations: bikes(park, lots, bucket: bucket, observed: observed),
            subwayStations: subway(park, bucket: bucket, observed: observed),
            busStops: buses(park, bucket: bucket, observed: observed),
            chargingStations: chargers(lots, bucket: bucket, observed: observed),
            roadControls: roadControls(park, lots, at: date, observed: observed))
    }

    /// A position `metres` away from `origin` in a direction of its own.
    func near(_ origin: Coordinate, _ key: String, metres: Double) -> Coordinate {
        let angle = DeterministicNoise.unit("angle-\(key)", 0) * 2 * .pi
        let dLat = metres * cos(angle) / 111_000
        let dLon = metres * sin(angle) / (111_000 * cos(origin.lat * .pi / 180))
        // Six decimals, as Seoul writes positions (about 10 cm).
        func rounded(_ degrees: Double) -> Double { (degrees * 1e6).rounded() / 1e6 }
        return Coordinate(lat: rounded(origin.lat + dLat), lon: rounded(origin.lon + dLon))
    }

    func bikes(_ park: Park, _ lots: [ParkingLot], bucket: Int, observed: Date) -> [BikeStation] {
        let base = 4100 + Int(DeterministicNoise.unit("bike-number-\(park.id.rawValue)", 0) * 800)
        let places =
            [("한강공원 \(park.shortNameKo)나들목", park.coordinate)]
            + lots.map { ("\($0.nameKo) 앞", near($0.coordinate, "bike-\($0.id.rawValue)", metres: 60)) }
        return places.enumerated().map { index, place in
            let racks = index == 0 ? 20 : 15
            // Bikes drift through the day and run out now and then: an empty station is a value.
            let drift = DeterministicNoise.unit("bikes-\(park.id.rawValue)-\(index)", bucket / 6)
            return BikeStation(
                id: "ST-\(base * 2 + index)", number: String(base + index), name: place.0,
                bikes: drift < 0.1 ? 0 : Int(drift * Double(racks)), racks: racks, coordinate: place.1,
                observedAt: observed)
        }
    }

    func subway(_ park: Park, bucket: Int, observed: Date) -> [SubwayStation] {
        catalog.transit(for: park.id).enumerated().map { index, hint in
            let lines = hint.lines.map { line -> String in
                switch line {
                case .numbered(let number): String(number)
                case .gyeonguiJungang: "경의중앙"
                }
            }
            let arrivals = lines.flatMap { line in
                ["상행", "하행"].map { direction -> TrainArrival in
                    let key = "train-\(park.id.rawValue)-\(hint.station)-\(line)-\(direction)"
                    let seconds = Int(DeterministicNoise.unit(key, bucket) * 9) * 60
                    let words = seconds == 0 ? "\(hint.station) 도착" : "\(seconds / 60)분 후"
                    return TrainArrival(
                        line: line.allSatisfy(\.isNumber) ? "\(line)호선" : "\(line)선", direction: direction,
                        terminal: nil, seconds: seconds, words: words)
                }
            }
            return SubwayStation(
                name: hint.station, lines: lines,
                coordinate: near(park.coordinate, "station-\(park.id.rawValue)-\(index)", metres: 700),
                arrivals: arrivals, observedAt: observed)
        }
    }

    func buses(_ park: Park, bucket: Int, observed: Date) -> [BusStop] {
        let routes = catalog.transit(for: park.id).compactMap { hint -> String? in
            switch hint.onward {
            case .bus(let name)?, .villageBus(let name)?: name
            default: nil
            }
        }
        let number = 10_000 + Int(DeterministicNoise.unit("ars-\(park.id.rawValue)", 0) * 89_999)
        return [
            BusStop(
                name: "\(park.shortNameKo)한강공원", id: "1\(number)0", arsNumber: String(number),
                coordinate: near(park.coordinate, "stop-\(park.id.rawValue)", metres: 350),
                routes: routes.map { route in
                    let minutes = 1 + Int(DeterministicNoise.unit("bus-\(park.id.rawValue)-\(route)", bucket) * 14)
                    return BusRoute(
                        name: route, arrivals: ["\(minutes)분후[\(max(1, minutes / 3))번째 전]", "\(minutes + 12)분후"],
                        crowding: ["여유"])
                }, observedAt: observed)
        ]
    }

    func chargers(_ lots: [ParkingLot], bucket: Int, observed: Date) -> [ChargingStation] {
        lots.map { lot in
            var counts: [ChargerCount] = []
            for index in 0..<4 {
                let speed: ChargerSpeed = index < 2 ? .slow : .fast
                let u = DeterministicNoise.unit("charger-\(lot.id.rawValue)-\(index)", bucket)
                let state: ChargerState = u < 0.05 ? .maintenance : u < 0.08 ? .unknown : u < 0.45 ? .charging : .free
                if let i = counts.firstIndex(where: { $0.speed == .known(speed) && $0.state == .known(state) }) {
                    counts[i].count += 1
                } else {
                    counts.append(ChargerCount(speed: .known(speed), state: .known(state), count: 1))
                }
            }
            return ChargingStation(
                id: "SIM\(lot.id.rawValue)", name: "\(lot.nameKo) 충전소", address: lot.addressKo,
                coordinate: near(lot.coordinate, "charger-\(lot.id.rawValue)", metres: 40), hours: "24시간 이용가능",
                paidParking: true, chargers: counts, observedAt: observed)
        }
    }

    /// On about one day in seven, a road repair at the entrance of one of the park's lots, all day.
    func roadControls(_ park: Park, _ lots: [ParkingLot], at date: Date, observed: Date) -> [RoadControl] {
        let day = SeoulTime(date).dayNumber
        guard !lots.isEmpty, DeterministicNoise.unit("roadworks-\(park.id.rawValue)", day) < 0.15 else { return [] }
        let lot = lots[Int(DeterministicNoise.unit("roadworks-lot-\(park.id.rawValue)", day) * Double(lots.count))]
        // The Seoul day's midnight: day numbers count Seoul's local days.
        let start = Date(timeIntervalSince1970: Double(day * 86_400 - ISO8601.seoulOffsetSeconds))
        return [
            RoadControl(
                type: PublicText(ko: "공사", en: "Construction"), detail: PublicText(ko: "도로보수", en: "Road Repair"),
                info: PublicText(
                    ko: "\(lot.nameKo) 진입로 1개 차로 통제", en: "1 lane closed at the \(lot.nameEn) entrance"),
                since: start.addingTimeInterval(6 * 3600), expectedClear: start.addingTimeInterval(22 * 3600),
                observedAt: observed, coordinate: near(lot.coordinate, "roadworks-\(lot.id.rawValue)", metres: 80))
        ]
    }
}
