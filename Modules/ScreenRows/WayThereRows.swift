import Foundation
import Localization
import Models
import ValueWording

/// The way there on the outing screen: 따릉이 stations, trains with their next arrivals, bus stops, chargers by the
/// lots and road works, nearest to the park first, each list with its age when its row is not fresh.
enum WayThereRows {
    /// How many of each list a screen shows.
    static let shown = 3

    static func lines(_ outing: OutingSummary, park: Park, _ ctx: ScreenContext) -> [Line] {
        guard let way = outing.wayThere else { return [] }
        var lines: [Line] = []
        func add(_ label: L10nKey, _ kind: SourceID, _ values: [[Span]]) {
            let age = ageNote(outing, kind, ctx)
            for (index, value) in values.enumerated() {
                lines.append(Screens.row(ctx, index == 0 ? ctx.l(label) : "", value + (index == 0 ? age : [])))
            }
        }
        add(.labelBikes, .bikes, nearest(way.bikeStations, to: park, \.coordinate).map { [bikes($0, ctx)] })
        add(.labelBuses, .buses, nearest(way.busStops, to: park, \.coordinate).map { bus($0, ctx) })
        add(.labelChargers, .chargers, nearest(way.chargingStations, to: park, \.coordinate).map { charger($0, ctx) })
        add(.labelRoadWorks, .roadControls, way.roadControls.prefix(shown).map { road($0, ctx) })
        return lines
    }

    /// What the first screen says of the way there: road works at a lot's entrance, and the charger beside a lot
    /// with the most free chargers (the home summary carries no more).
    static func firstScreen(_ outing: OutingSummary, _ ctx: ScreenContext) -> [Line] {
        guard let way = outing.wayThere else { return [] }
        var lines: [Line] = []
        for control in way.roadControls where !control.nearLotIds.isEmpty {
            lines.append(
                Screens.row(ctx, ctx.l(.labelRoadWorks), road(control, ctx) + ageNote(outing, .roadControls, ctx)))
        }
        if let station = way.chargingStations.first {
            lines.append(
                Screens.row(ctx, ctx.l(.labelChargers), charger(station, ctx) + ageNote(outing, .chargers, ctx)))
        }
        return lines
    }

    /// Every shown place of the way there that has a position, in the screen's order, for a page to link to maps.
    static func places(_ outing: OutingSummary, park: Park, _ ctx: ScreenContext) -> [WayTherePlace] {
        guard let way = outing.wayThere else { return [] }
        func text(_ spans: [Span]) -> String { spans.map(\.text).joined() }
        var places: [WayTherePlace] = []
        func add(_ label: L10nKey, _ name: String, _ detail: String, _ at: Coordinate?, walking: Bool) {
            guard let at else { return }
            places.append(
                WayTherePlace(label: ctx.l(label), name: name, detail: detail, coordinate: at, walking: walking))
        }
        for station in nearest(way.bikeStations, to: park, \.coordinate) {
            add(
                .labelBikes, station.name, station.bikes.map { ctx.l(.wayBikes, $0) } ?? "—", station.coordinate,
                walking: true)
        }
        let trains = Self.trains(outing, park: park, ctx)
        for station in nearest(way.subwayStations, to: park, \.coordinate) {
            let live =
                trains.first { $0.contains(" \(station.name): ") }
                ?? station.lines.map { line($0, station: station, ctx) }.joined(separator: ", ")
            add(.labelTransit, station.name, live, station.coordinate, walking: true)
        }
        for stop in nearest(way.busStops, to: park, \.coordinate) {
            let detail = text(bus(stop, ctx)).dropFirst(stop.name.count).trimmingPrefix(" ")
            add(.labelBuses, stop.name, String(detail), stop.coordinate, walking: true)
        }
        for station in nearest(way.chargingStations, to: park, \.coordinate) {
            add(
                .labelChargers, station.name, text(Array(charger(station, ctx).dropFirst())), station.coordinate,
                walking: false)
        }
        for control in way.roadControls.prefix(shown) {
            let spans = road(control, ctx)
            add(
                .labelRoadWorks, spans.first?.text ?? "—", text(Array(spans.dropFirst())), control.coordinate,
                walking: false)
        }
        return places
    }

    /// The live trains as directions ("Line 5 여의나루: 3 min towards 방화"), when the subway row is fresh and a
    /// train is still to come; empty otherwise, and the static hints stay.
    static func trains(_ outing: OutingSummary, park: Park, _ ctx: ScreenContext) -> [String] {
        guard let way = outing.wayThere,
            outing.sources.first(where: { $0.source == .known(.subway) })?.state == .known(.fresh)
        else { return [] }
        return nearest(way.subwayStations, to: park, \.coordinate).compactMap { station in
            let next = station.arrivals.compactMap { arrival -> (TrainArrival, Int)? in
                arrival.secondsLeft(observedAt: station.observedAt, now: ctx.now).map { (arrival, $0) }
            }
            guard !next.isEmpty else { return nil }
            return next.prefix(2).map { arrival, left in
                let line = line(arrival.line, station: station, ctx)
                let when = left < 60 ? ctx.l(.wayArriving) : ctx.l(.wayMinutes, left / 60)
                let towards = arrival.terminal.map { ctx.l(.wayTowards, $0) } ?? arrival.direction ?? ""
                return "\(line) \(station.name): \(when) \(towards)".trimmingCharacters(in: .whitespaces)
            }.joined(separator: " · ")
        }
    }

    /// A numbered line ("5호선" as Seoul sends it, or "5") as "Line 5" or "5호선"; any other (경의중앙선) as sent; the
    /// station's first line when the train names none.
    static func line(_ raw: String?, station: SubwayStation, _ ctx: ScreenContext) -> String {
        let text = raw ?? station.lines.first ?? ""
        let number = text.prefix(while: \.isNumber)
        return number.isEmpty ? text : ctx.l(.wayLine, String(number))
    }

    static func bikes(_ station: BikeStation, _ ctx: ScreenContext) -> Span {
        let count = station.bikes.map { ctx.l(.wayBikes, $0) } ?? "—"
        return Span("\(station.name) \(count)", station.bikes == 0 ? .colored(.yellow) : .plain)
    }

    static func bus(_ stop: BusStop, _ ctx: ScreenContext) -> [Span] {
        var spans = [Span(stop.name + (stop.arsNumber.map { " (\($0))" } ?? ""))]
        let routes = stop.routes.prefix(shown).map { route in
            ([route.name] + route.arrivals.prefix(1)).joined(separator: " ")
        }
        if !routes.isEmpty { spans.append(Span(" · " + routes.joined(separator: " · "), .dim)) }
        return spans
    }

    static func charger(_ station: ChargingStation, _ ctx: ScreenContext) -> [Span] {
        let free = station.count(.free)
        var spans = [
            Span(station.name + ": "),
            Span(ctx.l(.wayChargersFree, free, station.total), free == 0 ? .colored(.yellow) : .bold),
        ]
        let fast = station.chargers.filter { $0.speed == .known(.fast) }
        if !fast.isEmpty {
            let fastFree = fast.filter { $0.state == .known(.free) }.reduce(0) { $0 + $1.count }
            spans.append(Span(" · " + ctx.l(.wayFastFree, fastFree, fast.reduce(0) { $0 + $1.count })))
        }
        if let lot = station.nearestLotId.flatMap({ ctx.catalog.lot($0) }), let metres = station.nearestLotMeters {
            spans.append(
                Span(" · " + ctx.l(.wayNearLot, ctx.name(lot), DistanceWords.text(meters: Double(metres))), .dim))
        }
        return spans
    }

    static func road(_ control: RoadControl, _ ctx: ScreenContext) -> [Span] {
        let text = (control.info ?? control.detail ?? control.type).map { ctx.text($0) } ?? "—"
        var spans = [Span(text, .colored(.yellow))]
        if let clear = control.expectedClear, clear > ctx.now {
            spans.append(Span(" · " + ctx.l(.wayUntil, ctx.observed(clear)), .dim))
        }
        let lots = control.nearLotIds.compactMap { ctx.catalog.lot($0) }.map(ctx.name)
        if !lots.isEmpty { spans.append(Span(" — " + ctx.l(.wayAtEntrance, lots.joined(separator: ", ")), .bold)) }
        return spans
    }

    /// The first few of `items` by distance from the park's centre; those without a position after, in order.
    static func nearest<Item>(_ items: [Item], to park: Park, _ position: (Item) -> Coordinate?) -> [Item] {
        items.enumerated().sorted { a, b in
            let da = position(a.element)?.distance(to: park.coordinate) ?? .infinity
            let db = position(b.element)?.distance(to: park.coordinate) ?? .infinity
            return (da, a.offset) < (db, b.offset)
        }.prefix(shown).map(\.element)
    }

    /// " · stale, 12 min ago" after a list whose row is not fresh (nothing after a fresh one).
    static func ageNote(_ outing: OutingSummary, _ kind: SourceID, _ ctx: ScreenContext) -> [Span] {
        guard let status = outing.sources.first(where: { $0.source == .known(kind) }),
            status.state != .known(.fresh)
        else { return [] }
        let age = status.observedAt.map { " " + ctx.age($0) } ?? ""
        return [Span(" · " + ctx.l(ValueWords.state(status.state)) + age, Badges.stateStyle(status.state))]
    }
}

/// A place of the way there with its position: what it is, its name, what Seoul says of it now, and whether one walks
/// there (a station, a stop, a 따릉이 station) or drives (a charger, a road work).
public struct WayTherePlace: Sendable, Hashable {
    public var label: String
    public var name: String
    public var detail: String
    public var coordinate: Coordinate
    public var walking: Bool
}
