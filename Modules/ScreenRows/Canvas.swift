import Localization

/// How a piece of text is drawn. Colours are the 16 standard ANSI colours, so any terminal shows them.
public struct Style: Sendable, Equatable {
    public enum Color: Int, Sendable {
        case red = 31
        case green = 32
        case yellow = 33
        case blue = 34
        case magenta = 35
        case cyan = 36
    }

    /// Explicit ink and paper for what must look the same in every theme (a QR code), drawn even with `NO_COLOR`.
    public enum Paint: Int, Sendable {
        case black = 30
        case brightWhite = 97
    }

    public var bold = false
    public var dim = false
    public var reverse = false
    public var color: Color?
    public var ink: Paint?
    public var paper: Paint?

    public init(bold: Bool = false, dim: Bool = false, reverse: Bool = false, color: Color? = nil) {
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.color = color
    }

    public static let plain = Style()
    public static let bold = Style(bold: true)
    public static let dim = Style(dim: true)
    public static let reverse = Style(reverse: true)
    public static func colored(_ color: Color, bold: Bool = false) -> Style { Style(bold: bold, color: color) }
    /// White ink on black paper: half-block QR rows read as dark modules on light.
    public static let code: Style = {
        var style = Style()
        style.ink = .brightWhite
        style.paper = .black
        return style
    }()
}

/// A run of text in one style.
public struct Span: Sendable, Equatable {
    public var text: String
    public var style: Style
    /// What a bar drawn as text stands for, so a page can draw it as a meter instead.
    public var meter: Meter?
    /// The word says a value is current ("fresh"): a page kept for offline use says "stale" in its place, since it
    /// may be hours old when shown.
    public var saysCurrent: Bool

    public init(_ text: String, _ style: Style = .plain, meter: Meter? = nil, saysCurrent: Bool = false) {
        self.text = text
        self.style = style
        self.meter = meter
        self.saysCurrent = saysCurrent
    }
}

/// A filled share: `filled` of `total`.
public struct Meter: Sendable, Equatable {
    public var filled: Int
    public var total: Int
}

/// How lines become terminal text.
public struct RenderMode: Sendable, Equatable {
    /// Escape sequences for bold, dim and reverse (off when the output is not a terminal).
    public var attributes: Bool
    /// Colours on top (off with `NO_COLOR`).
    public var colors: Bool

    public init(attributes: Bool, colors: Bool) {
        self.attributes = attributes
        self.colors = colors && attributes
    }

    public static let plain = RenderMode(attributes: false, colors: false)

    /// A terminal gets attributes; colours unless `NO_COLOR` is set (any value) or `TERM` is `dumb`.
    public static func terminal(environment: [String: String]) -> RenderMode {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return RenderMode(attributes: environment["TERM"] != "dumb", colors: !noColor && environment["TERM"] != "dumb")
    }
}

/// One line of a screen, measured in terminal columns (Hangul counts two).
public struct Line: Sendable, Equatable {
    public var spans: [Span]
    /// A labelled row's label as written, before the terminal pads it; the value is every span after the first.
    public var label: String?

    public init(_ spans: [Span]) {
        self.spans = spans
    }

    public init(_ text: String, _ style: Style = .plain) {
        self.spans = [Span(text, style)]
    }

    public static let blank = Line([])

    /// Columns the text takes.
    public func width(_ widths: DisplayWidth) -> Int { spans.reduce(0) { $0 + widths.of($1.text) } }

    /// The plain text.
    public var text: String { spans.map(\.text).joined() }

    /// Appends text.
    public mutating func append(_ text: String, _ style: Style = .plain) {
        spans.append(Span(text, style))
    }

    /// Terminal text cut to `width` columns as `widths` measures them, drawn as ``DisplayWidth/drawn(_:)`` says; `pad`
    /// fills the rest with spaces (full-screen frames).
    public func render(width: Int, mode: RenderMode, widths: DisplayWidth, pad: Bool) -> String {
        var out = ""
        var used = 0
        for span in spans where used < width {
            let room = width - used
            let drawn = widths.drawn(span.text)
            let text = widths.of(drawn) > room ? widths.truncated(drawn, to: room) : drawn
            used += widths.of(text)
            out += Self.open(span.style, mode) + text + (Self.open(span.style, mode).isEmpty ? "" : "\u{1B}[0m")
        }
        if pad, used < width { out += String(repeating: " ", count: width - used) }
        return out
    }

    static func open(_ style: Style, _ mode: RenderMode) -> String {
        guard mode.attributes else { return "" }
        var codes: [String] = []
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.reverse { codes.append("7") }
        if mode.colors, let color = style.color { codes.append("\(color.rawValue)") }
        if let ink = style.ink { codes.append("\(ink.rawValue)") }
        if let paper = style.paper { codes.append("\(paper.rawValue + 10)") }
        return codes.isEmpty ? "" : "\u{1B}[\(codes.joined(separator: ";"))m"
    }
}
