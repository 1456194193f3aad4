import Models
import WidgetAlerts
import WidgetRendering
import WidgetSnapshot

/// The widget's usual arguments, read without the argument parser so the fresh path starts small. Anything it does
/// not recognise (help, an unknown flag, a bad value) returns nil, and the caller hands the whole command line to
/// `hangangjari-widget-fetch`, whose full parser answers with help or a usage error.
public struct QuickArguments: Sendable, Equatable {
    public var options = WidgetRunner.Options()
    public var stateDir: String?
    public var api: String?

    public init() {}

    /// Parses `--name value` and `--name=value` for the widget's options.
    public static func parse(_ arguments: some Collection<String>) -> QuickArguments? {
        var result = QuickArguments()
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard argument.hasPrefix("--") else { return nil }
            var name = Substring(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = name[..<equals]
            } else {
                value = iterator.next()
            }
            guard let value, result.apply(String(name), value) else { return nil }
        }
        return result
    }

    private mutating func apply(_ name: String, _ value: String) -> Bool {
        switch name {
        case "kind":
            guard let kind = WidgetKind(rawValue: value) else { return false }
            options.kind = kind
        case "park":
            guard let park = Catalog.bundled.findPark(value) else { return false }
            options.park = park.id
        case "format":
            guard let format = WidgetFormat(rawValue: value) else { return false }
            options.format = format
        case "max-age":
            guard let seconds = Double(value), seconds >= 0 else { return false }
            options.maxAge = seconds
        case "lang":
            guard value == "ko" || value == "en" else { return false }
            options.language = value
        case "deadline":
            guard let seconds = Double(value), seconds > 0 else { return false }
            options.deadline = seconds
        case "urgent-below":
            guard let count = Int(value) else { return false }
            options.urgentBelow = count
        case "api": api = value
        case "state-dir": stateDir = value
        default: return false
        }
        return true
    }
}
