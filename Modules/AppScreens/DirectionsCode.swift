import AppCore
import Localization
import QRCode
import ScreenRows

/// A link as a QR code in the terminal, so a phone's camera continues there: the page of the screen on view, or the
/// route in its map app.
public enum DirectionsCode {
    /// The code and a caption; the link itself when no code can hold it.
    public static func lines(url: String, kind: HandoffCode.Kind = .route, _ ctx: ScreenContext) -> [Line] {
        guard let code = code(url, ctx) else { return [Line(ctx.l(.directionsCodeTooLong), .dim), Line(url)] }
        return code + [Line.blank, caption(kind, ctx), Line(url, .dim)]
    }

    /// The full-screen form: the whole code or, when the terminal is too short or narrow for it, a request for
    /// more room (a cut code cannot be scanned).
    public static func screen(_ handoff: HandoffCode, _ ctx: ScreenContext, height: Int) -> [Line] {
        let url = handoff.url
        let close = Line(ctx.l(.directionsCodeClose), .dim)
        guard let code = code(url, ctx) else { return lines(url: url, kind: handoff.kind, ctx) + [Line.blank, close] }
        let note = handoff.whyNoPage.map { Screens.wrap($0.text(ctx.l).split(separator: " ").map(String.init), ctx) }
        let shown = code + [caption(handoff.kind, ctx)] + (note ?? []).map { Line($0.text, .dim) }
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

    static func caption(_ kind: HandoffCode.Kind, _ ctx: ScreenContext) -> Line {
        Line(ctx.l(kind == .page ? .directionsCodePageCaption : .directionsCodeCaption), .bold)
    }
}
