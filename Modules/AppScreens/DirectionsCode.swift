import AppCore
import Localization
import QRCode

/// A directions link as a QR code in the terminal, so a phone's camera hands the route to its map app.
public enum DirectionsCode {
    /// The code and a caption; the link itself when no code can hold it.
    public static func lines(url: String, _ ctx: ScreenContext) -> [Line] {
        guard let code = try? QRCode(url) else { return [Line(ctx.l(.directionsCodeTooLong), .dim), Line(url)] }
        return code.halfBlockRows.map { Line($0, .code) }
            + [Line.blank, Line(ctx.l(.directionsCodeCaption), .bold), Line(url, .dim)]
    }

    /// The full-screen form: the whole code or, when the terminal is too short for it, a request for more rows
    /// (a cut code cannot be scanned).
    public static func screen(url: String, _ ctx: ScreenContext, height: Int) -> [Line] {
        let code = lines(url: url, ctx).filter { $0 != Line.blank && $0.text != url }
        let close = Line(ctx.l(.directionsCodeClose), .dim)
        let widest = code.map(\.width).max() ?? 0
        guard code.count + 1 <= height, widest <= ctx.width else {
            return [Line(ctx.l(.directionsCodeNeedsRoom, widest, code.count + 1), .bold), Line(url), Line.blank, close]
        }
        return code + [close]
    }
}
