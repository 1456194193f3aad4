import Localization
import Models

/// The widget's options by their command-line names, and the one check of each value: the fresh path's quick parser
/// and `hangangjari-widget-fetch`'s argument parser both read values through here.
public enum WidgetOption: String, CaseIterable, Sendable {
    case kind, park, format
    case maxAge = "max-age"
    case lang, deadline
    case urgentBelow = "urgent-below"
    case api
    case stateDir = "state-dir"
    case arrivalIn = "in"

    /// Reads `value` into `arguments`, or says why it is refused.
    public func read(_ value: String, into arguments: inout QuickArguments) throws(WidgetOptionError) {
        switch self {
        case .kind:
            guard let kind = WidgetKind(rawValue: value) else { throw .kind }
            arguments.options.kind = kind
        case .park:
            guard let park = Catalog.bundled.findPark(value) else {
                throw .unknownPark(value, suggestions: Catalog.bundled.suggestions(for: value).map(\.id))
            }
            arguments.options.park = park.id
        case .format:
            guard let format = WidgetFormat(rawValue: value) else { throw .format }
            arguments.options.format = format
        case .maxAge:
            guard let seconds = Double(value), seconds >= 0 else { throw .seconds }
            arguments.options.maxAge = seconds
        case .lang:
            guard let language = Language(rawValue: value) else { throw .lang }
            arguments.options.language = language
        case .deadline:
            guard let seconds = Double(value), seconds > 0 else { throw .seconds }
            arguments.options.deadline = seconds
        case .urgentBelow:
            guard let count = Int(value) else { throw .count }
            arguments.options.urgentBelow = count
        case .arrivalIn:
            guard let minutes = Int(value), (0...ArrivalRanking.reachMinutes).contains(minutes) else {
                throw .arrival(value)
            }
            arguments.options.arrivalMinutes = minutes
        case .api: arguments.api = value
        case .stateDir: arguments.stateDir = value
        }
    }
}

/// Why a widget option's value is refused.
public enum WidgetOptionError: Error, Equatable, Sendable {
    case kind, format, lang
    /// A deadline that is not a positive number of seconds, or a max age below zero.
    case seconds
    case count
    /// `--in` outside 0 to the forecast's reach, or not a whole number of minutes.
    case arrival(String)
    case unknownPark(String, suggestions: [ParkID])

    /// The sentence a user reads.
    public func text(_ l: Localizer) -> String {
        switch self {
        case .kind: l(.errorKind)
        case .format: l(.errorFormat, WidgetFormat.allCases.map(\.rawValue).joined(separator: ", "))
        case .lang: l(.errorLang)
        case .seconds, .count: l(.errorDeadline)
        case .arrival(let value): l(.cliGoInRange, value, "\(ArrivalRanking.reachMinutes)")
        case .unknownPark(let name, let suggestions):
            l(.cliUnknownPark, name) + " " + l(.cliDidYouMean, suggestions.map(\.rawValue).joined(separator: ", "))
        }
    }
}
