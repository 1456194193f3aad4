import FoundationEssentials
import Localization
import Models

/// What the user chose, shared by the app and the widget (the Linux form of a UserDefaults suite).
///
/// The file is meant to be read and edited by a person: thresholds are `{"banpo-1": 100, "yeouido": 300}` (a lot
/// id or a park id), times are `HH:MM`. A field that cannot be used is named in `fieldProblems` and left out; the
/// other fields still apply.
public struct Settings: Codable, Sendable, Equatable {
    /// Format version of the file.
    public var version = Settings.currentVersion
    /// Favourite parks, in the user's order.
    public var favorites: [ParkID] = []
    /// The park each widget kind shows (`{"parking": "banpo", "general": "ichon"}` in the file).
    public var widgetParks: [WidgetKind: ParkID] = [:]
    /// Home position, for "nearest park" and distances. Never leaves the machine.
    public var home: Coordinate?
    /// Alert when a lot's free spaces fall below its threshold.
    public var alertThresholds: [LotID: Int] = [:]
    /// Alert when a whole park's free spaces (all its lots) fall below its threshold.
    public var parkAlertThresholds: [ParkID: Int] = [:]
    /// Alerts switched off without forgetting the thresholds.
    public var alertsEnabled = true
    /// Quiet hours in Seoul time, `HH:MM`.
    public var quietFrom: String?
    public var quietUntil: String?
    /// `ko` or `en`, when the user chose one.
    public var language: String?
    /// How the user's terminal draws ambiguous-width characters; one column when not set.
    public var ambiguousWidth: AmbiguousWidth?
    /// Fields of the file that could not be used (not written back).
    public var fieldProblems: [SettingsFieldProblem] = []

    public static let currentVersion = 1

    public init() {}

    enum CodingKeys: String, CodingKey {
        case version, favorites, widgetParks, home, alertThresholds, alertsEnabled, quietFrom, quietUntil, language,
            ambiguousWidth
    }

    // Unknown or missing keys fall back to defaults, so older and newer files both read; a bad field is named.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var problems: [SettingsFieldProblem] = []
        func field<T: Decodable>(_ key: CodingKeys, _ type: T.Type) -> T? {
            do { return try c.decodeIfPresent(T.self, forKey: key) } catch {
                problems.append(SettingsFieldProblem(field: key.stringValue, kind: .wrongType))
                return nil
            }
        }
        version = field(.version, Int.self) ?? Self.currentVersion
        favorites = field(.favorites, [ParkID].self) ?? []
        for (kind, park) in field(.widgetParks, [String: ParkID].self) ?? [:] {
            guard let known = WidgetKind(rawValue: kind) else {
                problems.append(
                    SettingsFieldProblem(
                        field: "\(CodingKeys.widgetParks.stringValue).\(kind)", kind: .unknownWidgetKind))
                continue
            }
            widgetParks[known] = park
        }
        home = field(.home, Coordinate.self)
        alertsEnabled = field(.alertsEnabled, Bool.self) ?? true
        for key in [CodingKeys.quietFrom, .quietUntil] {
            guard let time = field(key, String.self) else { continue }
            if OpeningHours.minuteOfDay(time) == nil {
                problems.append(SettingsFieldProblem(field: key.stringValue, kind: .notATime))
            } else if key == .quietFrom {
                quietFrom = time
            } else {
                quietUntil = time
            }
        }
        if let value = field(.language, String.self) {
            if Language(rawValue: value) != nil {
                language = value
            } else {
                problems.append(SettingsFieldProblem(field: CodingKeys.language.stringValue, kind: .unknownLanguage))
            }
        }
        if let value = field(.ambiguousWidth, String.self) {
            if let width = AmbiguousWidth(rawValue: value) {
                ambiguousWidth = width
            } else {
                problems.append(
                    SettingsFieldProblem(field: CodingKeys.ambiguousWidth.stringValue, kind: .unknownAmbiguousWidth))
            }
        }
        if c.contains(.alertThresholds) { decodeThresholds(c, problems: &problems) }
        fieldProblems = problems.sorted { $0.field < $1.field }
    }

    /// `{"target": spaces}`; files from before 1.1 stored lot thresholds as an array of id and number pairs
    /// (`["banpo-1", 100]`).
    private mutating func decodeThresholds(
        _ c: KeyedDecodingContainer<CodingKeys>, problems: inout [SettingsFieldProblem]
    ) {
        let name = CodingKeys.alertThresholds.stringValue
        if var pairs = try? c.nestedUnkeyedContainer(forKey: .alertThresholds) {
            while !pairs.isAtEnd {
                guard let lot = try? pairs.decode(LotID.self), let spaces = try? pairs.decode(Int.self) else {
                    problems.append(SettingsFieldProblem(field: name, kind: .wrongType))
                    alertThresholds = [:]
                    return
                }
                alertThresholds[lot] = spaces
            }
            return
        }
        guard let entries = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: .alertThresholds) else {
            problems.append(SettingsFieldProblem(field: name, kind: .wrongType))
            return
        }
        for key in entries.allKeys {
            let field = "\(name).\(key.stringValue)"
            guard let spaces = try? entries.decode(Int.self, forKey: key), spaces >= 0 else {
                problems.append(SettingsFieldProblem(field: field, kind: .notASpaceCount))
                continue
            }
            switch AlertTarget(key.stringValue) {
            case .lot(let lot)?: alertThresholds[lot] = spaces
            case .park(let park)?: parkAlertThresholds[park] = spaces
            case nil: problems.append(SettingsFieldProblem(field: field, kind: .unknownTarget))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(version, forKey: .version)
        try c.encode(favorites, forKey: .favorites)
        try c.encode(widgetParks, forKey: .widgetParks)
        try c.encodeIfPresent(home, forKey: .home)
        var thresholds = c.nestedContainer(keyedBy: AnyKey.self, forKey: .alertThresholds)
        for (target, spaces) in self.thresholds { try thresholds.encode(spaces, forKey: AnyKey(target.id)) }
        try c.encode(alertsEnabled, forKey: .alertsEnabled)
        try c.encodeIfPresent(quietFrom, forKey: .quietFrom)
        try c.encodeIfPresent(quietUntil, forKey: .quietUntil)
        try c.encodeIfPresent(language, forKey: .language)
        try c.encodeIfPresent(ambiguousWidth, forKey: .ambiguousWidth)
    }

    /// Any key of a JSON object.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// What an alert threshold watches: one lot, or a whole park.
public enum AlertTarget: Sendable, Hashable {
    case lot(LotID)
    case park(ParkID)

    /// A lot id or a park id from the catalog; nil for anything else.
    public init?(_ id: String, catalog: Catalog = .bundled) {
        if catalog.lot(LotID(id)) != nil {
            self = .lot(LotID(id))
        } else if catalog.park(ParkID(id)) != nil {
            self = .park(ParkID(id))
        } else {
            return nil
        }
    }

    /// The id as the settings file writes it.
    public var id: String {
        switch self {
        case .lot(let lot): lot.rawValue
        case .park(let park): park.rawValue
        }
    }
}

extension Settings {
    /// Every threshold, lots then parks, each in id order: what the file, the listings and doctor show.
    public var thresholds: [(target: AlertTarget, spaces: Int)] {
        alertThresholds.sorted { $0.key < $1.key }.map { (AlertTarget.lot($0.key), $0.value) }
            + parkAlertThresholds.sorted { $0.key < $1.key }.map { (AlertTarget.park($0.key), $0.value) }
    }

    /// The threshold set for `target`, if any.
    public func threshold(_ target: AlertTarget) -> Int? {
        switch target {
        case .lot(let lot): alertThresholds[lot]
        case .park(let park): parkAlertThresholds[park]
        }
    }

    /// Sets (or with nil removes) the threshold for `target`.
    public mutating func setThreshold(_ spaces: Int?, for target: AlertTarget) {
        switch target {
        case .lot(let lot): alertThresholds[lot] = spaces
        case .park(let park): parkAlertThresholds[park] = spaces
        }
    }
}

/// A field of `settings.json` that could not be used, named as a person editing the file finds it.
public struct SettingsFieldProblem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Not the kind of value the field holds (text where a number goes, a list where an object goes).
        case wrongType
        /// A threshold key that is neither a lot id nor a park id.
        case unknownTarget
        /// A threshold that is not a whole number of spaces, zero or more.
        case notASpaceCount
        /// Quiet hours that are not `HH:MM`.
        case notATime
        /// A language other than `ko` or `en`.
        case unknownLanguage
        /// An ambiguous width other than `single` or `double`.
        case unknownAmbiguousWidth
        /// A widget kind other than `parking` or `general`.
        case unknownWidgetKind
    }

    /// The field's path, e.g. `alertThresholds.banpo-9`.
    public var field: String
    public var kind: Kind

    public init(field: String, kind: Kind) {
        self.field = field
        self.kind = kind
    }

    /// "alertThresholds.banpo-9: no lot or park has this id".
    public var reason: Reason {
        switch kind {
        case .wrongType: Reason(.settingsFieldWrongType, field)
        case .unknownTarget: Reason(.settingsFieldUnknownTarget, field)
        case .notASpaceCount: Reason(.settingsFieldNotSpaces, field)
        case .notATime: Reason(.settingsFieldNotATime, field)
        case .unknownLanguage: Reason(.settingsFieldUnknownLanguage, field)
        case .unknownAmbiguousWidth: Reason(.settingsFieldUnknownAmbiguousWidth, field)
        case .unknownWidgetKind: Reason(.settingsFieldUnknownWidgetKind, field)
        }
    }
}
