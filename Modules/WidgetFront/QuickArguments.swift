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
            guard let value, let option = WidgetOption(rawValue: String(name)) else { return nil }
            do { try option.read(value, into: &result) } catch { return nil }
        }
        return result
    }
}
