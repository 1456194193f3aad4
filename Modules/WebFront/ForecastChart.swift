import Foundation
import Localization
import Models
import ScreenRows

/// The forecast drawn on the server: an inline SVG (no script; styled by the page's stylesheet, so the
/// Content-Security-Policy needs nothing more) of the p50 line and the p10–p90 band over the hours ahead, from the
/// count now, under the capacity, with "now" and the opening time when closed. Its title and description say it in
/// words; the table beside it stays the text alternative. `small` is the home page's version, without labels.
enum ForecastChart {
    struct Size {
        var width: Double
        var height: Double
        var left: Double
        var right: Double
        var top: Double
        var bottom: Double

        static let full = Size(width: 320, height: 150, left: 6, right: 314, top: 16, bottom: 128)
        static let small = Size(width: 120, height: 36, left: 2, right: 118, top: 3, bottom: 33)
    }

    /// The chart's template values, or nil when there is nothing ahead to draw.
    static func values(
        _ forecast: ParkingForecast, now available: Int?, capacity: Int, name: String, id: String, small: Bool,
        _ scope: PageScope
    ) -> [String: Any]? {
        if forecast.points.isEmpty, let opening = forecast.opening, !small {
            return closed(opening, capacity: capacity, name: name, id: id, scope)
        }
        guard !forecast.points.isEmpty else { return nil }
        let ctx = scope.ctx
        let size = small ? Size.small : Size.full
        // Now first (its count, a band of nothing), then each point ahead.
        var minutes = forecast.points.map(\.minutesAhead)
        var p50 = forecast.points.map(\.p50)
        var p10 = forecast.points.map(\.p10)
        var p90 = forecast.points.map(\.p90)
        if let available {
            minutes.insert(0, at: 0)
            p50.insert(available, at: 0)
            p10.insert(available, at: 0)
            p90.insert(available, at: 0)
        }
        let span = Double(max(minutes.max() ?? 0, 30))
        // The full chart from 0 to the capacity; the small one over the values it shows, so that the movement is
        // visible at its size (as the terminal's chart scales).
        let top = Double(small ? (p90.max() ?? 1) : max(capacity, p90.max() ?? 0, 1))
        let floor = Double(small ? max((p10.min() ?? 0) - max(Int(top) / 20, 1), 0) : 0)
        let x = { (minute: Int) in size.left + (size.right - size.left) * Double(minute) / span }
        let y = { (value: Int) in
            size.bottom - (size.bottom - size.top) * (Double(max(value, 0)) - floor) / max(top - floor, 1)
        }
        let place = { (minute: Int, value: Int) in format(x(minute)) + "," + format(y(value)) }
        let line = zip(minutes, p50).map(place).joined(separator: " ")
        let band = (zip(minutes, p90).map(place) + zip(minutes, p10).reversed().map(place)).joined(separator: " ")
        let first = forecast.points[0]
        let last = forecast.points[forecast.points.count - 1]
        var values: [String: Any] = [
            "id": id, "small": small, "viewBox": "0 0 \(Int(size.width)) \(Int(size.height))",
            "line": line, "band": band,
            "title": scope.l(.webChartTitle, name),
            "desc": scope.l(
                .webChartDescription, ctx.clock(first.at.addingTimeInterval(-Double(first.minutesAhead) * 60)),
                ctx.clock(last.at), ctx.count(available ?? first.p50), ctx.count(last.p50), ctx.count(capacity)),
            "capacity": capacity, "minutes": minutes.map(String.init).joined(separator: " "), "drawsLine": true,
            "p50s": p50.map(String.init).joined(separator: " "), "p10s": p10.map(String.init).joined(separator: " "),
            "p90s": p90.map(String.init).joined(separator: " "),
        ]
        guard !small else { return values }
        values.merge(frame(capacityY: y(capacity), capacity: capacity, scope)) { $1 }
        values["ticks"] = forecast.points.filter { $0.minutesAhead % 60 == 0 }.map { point -> [String: Any] in
            let anchor = point.minutesAhead == Int(span) ? "end" : "middle"
            return ["x": format(x(point.minutesAhead)), "label": ctx.clock(point.at), "anchor": anchor]
        }
        if let opening = forecast.opening {
            values["opens"] = ["label": scope.l(.webChartOpens, ctx.clock(opening.at))]
        }
        return values
    }

    /// While closed: the hours until opening shaded, and the forecast at opening as a point with its p10–p90 range,
    /// labelled with the opening time.
    static func closed(_ opening: ForecastPoint, capacity: Int, name: String, id: String, _ scope: PageScope)
        -> [String: Any]
    {
        let ctx = scope.ctx
        let size = Size.full
        let minutes = max(Int((opening.at.timeIntervalSince(ctx.now) / 60).rounded()), 0)
        let span = Double(max(minutes, 30))
        let top = Double(max(capacity, opening.p90, 1))
        let x = size.left + (size.right - size.left) * Double(minutes) / span
        let y = { (value: Int) in size.bottom - (size.bottom - size.top) * Double(max(value, 0)) / top }
        let values: [String: Any] = [
            "id": id, "small": false, "viewBox": "0 0 \(Int(size.width)) \(Int(size.height))", "drawsLine": false,
            "title": scope.l(.webChartTitle, name),
            "desc": scope.l(
                .webChartClosedDescription, ctx.clock(opening.at), ctx.count(opening.p50), ctx.count(opening.p10),
                ctx.count(opening.p90), ctx.count(capacity)),
            "capacity": capacity, "minutes": String(minutes), "p50s": String(opening.p50),
            "p10s": String(opening.p10), "p90s": String(opening.p90),
            "ticks": [
                ["x": format(x), "label": ctx.clock(opening.at), "anchor": minutes == Int(span) ? "end" : "middle"]
            ],
            "closedSpan": [
                "x": format(size.left), "y": format(y(capacity)), "width": format(x - size.left),
                "height": format(size.bottom - y(capacity)),
            ],
            "openingPoint": [
                "x": format(x), "p50": format(y(opening.p50)), "p10": format(y(opening.p10)),
                "p90": format(y(opening.p90)),
            ],
            "opens": ["label": scope.l(.webChartOpens, ctx.clock(opening.at))],
        ]
        return values.merging(frame(capacityY: y(capacity), capacity: capacity, scope)) { $1 }
    }

    /// The full chart's frame: the capacity line and its label, the axis, and where "now" and the hours go.
    static func frame(capacityY: Double, capacity: Int, _ scope: PageScope) -> [String: Any] {
        let size = Size.full
        return [
            "capY": format(capacityY), "capLabelY": format(capacityY - 3),
            "capLabel": scope.l(.webChartCapacity, scope.ctx.count(capacity)), "left": format(size.left),
            "right": format(size.right), "bottom": format(size.bottom), "nowLabel": scope.l(.webChartNow),
            "labelY": format(size.height - 6),
        ]
    }

    /// One decimal is finer than a pixel at these sizes, and keeps the page small.
    static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
