import Foundation
import Localization
import Models
import ValueWording

/// What every screen needs to put values into words: the language, the catalog, the time, the width.
public struct ScreenContext: Sendable {
    public var l: Localizer
    public var catalog: Catalog
    public var now: Date
    /// The machine's offset from UTC; times say "Seoul" when it is not Seoul's.
    public var machineOffsetSeconds: Int
    /// Columns available.
    public var width: Int
    /// How the terminal measures text (ambiguous-width characters in one column or two).
    public var widths: DisplayWidth

    public init(
        language: Language, catalog: Catalog = .bundled, now: Date, machineOffsetSeconds: Int, width: Int,
        ambiguous: AmbiguousWidth = .single
    ) {
        self.l = Localizer(language)
        self.catalog = catalog
        self.now = now
        self.machineOffsetSeconds = machineOffsetSeconds
        self.width = width
        self.widths = DisplayWidth(ambiguous: ambiguous)
    }

    /// `text` padded or cut to exactly `columns`.
    func fit(_ text: String, _ columns: Int) -> String {
        widths.padded(widths.truncated(text, to: columns), to: columns)
    }

    /// `text` right-aligned in `columns`.
    func right(_ text: String, _ columns: Int) -> String {
        let cut = widths.truncated(text, to: columns)
        return String(repeating: " ", count: max(0, columns - widths.of(cut))) + cut
    }

    public var korean: Bool { l.language == .ko }

    public func name(_ park: Park) -> String { korean ? park.nameKo : park.nameEn }
    public func shortName(_ park: Park) -> String { korean ? park.shortNameKo : park.shortNameEn }
    /// A park's short name by id, or the id when the catalog does not know it.
    public func shortName(_ id: ParkID) -> String { catalog.park(id).map(shortName) ?? id.rawValue }
    public func name(_ lot: ParkingLot) -> String { korean ? lot.nameKo : lot.nameEn }

    /// Public text: the Korean original, or its translation in English when one exists (never empty).
    func text(_ text: PublicText) -> String {
        if !korean, let en = text.en, !en.isEmpty { return en }
        return text.ko.isEmpty ? "—" : text.ko
    }

    /// `HH:MM` in Seoul; the header says once that times are Seoul's when the machine's zone differs.
    public func clock(_ date: Date) -> String { l.seoulClock(date, machineOffsetSeconds: ISO8601.seoulOffsetSeconds) }
    /// When a value was observed: the time today, the day (`08-20`) when it was another day in Seoul.
    public func observed(_ date: Date) -> String { ValueWords.observed(date, now: now, clock: clock) }
    /// The day in Seoul, `08-18`.
    func day(_ date: Date) -> String { ValueWords.day(date) }

    /// Whether the machine's clock is in another zone than Seoul's.
    var machineOutsideSeoul: Bool { machineOffsetSeconds != ISO8601.seoulOffsetSeconds }

    /// A source's name in words (an unknown one by its id).
    func sourceName(_ source: OpenEnum<SourceID>) -> String {
        ValueWords.source(source).map { l($0) } ?? source.rawValue
    }

    /// "3 min ago".
    public func age(_ date: Date) -> String { l.relativeTime(seconds: now.timeIntervalSince(date)) }

    /// A count with thousands grouped, or a dash when there is none (never a made-up zero).
    public func count(_ n: Int?) -> String { n.map(Localizer.grouped) ?? "—" }
}
