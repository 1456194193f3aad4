import AppCore
import Localization
import QRCode

/// A directions link as a QR code in the terminal, so a phone's camera hands the route to its map app.
public enum DirectionsCode {
    /// The code and a caption; the link itself when no code can hold it.
    public static func lines(url: String, _ ctx: ScreenContext) -> [Line] {
        guard let code = code(url, ctx) else { return [Line(ctx.l(.directionsCodeTooLong), .dim), Line(url)] }
        return code + [Line.blank, caption(ctx), Line(url, .dim)]
    }

    /// The full-screen form: the whole code or, when the terminal is too short or narrow for it, a request for
    /// more room (a cut code cannot be scanned).
    public static func screen(url: String, _ ctx: ScreenContext, height: Int) -> [Line] {
        let close = Line(ctx.l(.directionsCodeClose), .dim)
        guard let code = code(url, ctx) else { return lines(url: url, ctx) + [Line.blank, close] }
        let shown = code + [caption(ctx)]
        let widest = shown.map { $0.width(ctx.widths) }.max() ?? 0
        guard shown.count + 1 <= height, widest <= ctx.width else {
            return [
                Line(ctx.l(.directionsCodeNeedsRoom, widest, shown.count + 1), .bold), Line(url), Line.blank, close,
            ]
        }
        return shown + [close]
    }

    /// The code's half-block rows, white on black; nil when the link is too long for a code. A double-width terminal
    /// draws the blocks in two columns, so a light module gets two spaces and every module stays two columns wide.
    static func code(_ url: String, _ ctx: ScreenContext) -> [Line]? {
        let light = ctx.widths.ambiguous == .double ? "  " : " "
        return (try? QRCode(url))?.halfBlockRows.map { Line($0.replacingOccurrences(of: " ", with: light), .code) }
    }

    static func caption(_ ctx: ScreenContext) -> Line { Line(ctx.l(.directionsCodeCaption), .bold) }
}
