import ArgumentParser
import CommandLineSupport
import Foundation
import Localization
import Models
import Storage
import WidgetFront
import WidgetRendering
import WidgetSnapshot

/// The widget's command-line options, shared by `hangangjari-widget` (fresh path) and `hangangjari-widget-fetch`.
public struct WidgetArguments: ParsableArguments {
    @Option(help: ArgumentHelp(helpText(.helpOptKind)), completion: .list(WidgetKind.allCases.map(\.rawValue))) public
        var kind: String = "parking"
    @Option(help: ArgumentHelp(helpText(.helpOptWidgetPark)), completion: CompletionLists.parks) public var park:
        String?
    @Option(help: ArgumentHelp(helpText(.helpOptFormat)), completion: .list(WidgetFormat.allCases.map(\.rawValue)))
    public var format: String = "text"
    @Option(help: ArgumentHelp(helpText(.helpOptMaxAge))) public var maxAge: Double = 300
    @Option(help: ArgumentHelp(helpText(.helpOptWidgetLang)), completion: CompletionLists.languages) public var lang:
        String?
    @Option(help: ArgumentHelp(helpText(.helpOptDeadline))) public var deadline: Double = 5
    @Option(help: ArgumentHelp(helpText(.helpOptUrgentBelow))) public var urgentBelow: Int?
    @Option(help: ArgumentHelp(helpText(.helpOptWidgetApi))) public var api: String?
    @Option(help: ArgumentHelp(helpText(.helpOptWidgetStateDir)), completion: .directory) public var stateDir: String?

    public init() {}

    /// The discussion shown in `--help` of both commands.
    public static let discussion = helpText(.helpDiscussionWidget)

    public func validate() throws {
        guard WidgetKind(rawValue: kind) != nil else { throw ValidationError(helpText(.errorKind)) }
        guard WidgetFormat(rawValue: format) != nil else {
            throw ValidationError(
                CommandLineHelp.localizer(.errorFormat, WidgetFormat.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        if let park, Catalog.bundled.findPark(park) == nil {
            let names = Catalog.bundled.suggestions(for: park).map(\.id.rawValue).joined(separator: ", ")
            throw ValidationError(
                CommandLineHelp.localizer(.cliUnknownPark, park) + " "
                    + CommandLineHelp.localizer(.cliDidYouMean, names))
        }
        if let lang, !["ko", "en"].contains(lang) { throw ValidationError(helpText(.errorLang)) }
        guard deadline > 0, maxAge >= 0 else { throw ValidationError(helpText(.errorDeadline)) }
    }

    /// The runner options.
    public var options: WidgetRunner.Options {
        var options = WidgetRunner.Options()
        options.kind = WidgetKind(rawValue: kind) ?? .parking
        options.park = park.flatMap { Catalog.bundled.findPark($0)?.id }
        options.format = WidgetFormat(rawValue: format) ?? .text
        options.maxAge = maxAge
        options.language = lang
        options.deadline = deadline
        options.urgentBelow = urgentBelow
        return options
    }

    /// The shared container, or a usage error on stderr.
    public func container(_ environment: [String: String]) throws -> SharedContainer {
        do {
            return try SharedContainer.resolve(explicit: stateDir, environment: environment)
        } catch {
            FileHandle.standardError.write(Data("hangangjari-widget: \(error)\n".utf8))
            throw ExitCode(ExitStatus.usage)
        }
    }

    /// Writes the output and messages and ends with the output's exit code.
    public static func emit(
        _ output: WidgetOutput, messages: [String], format: WidgetFormat, container: SharedContainer?, now: Date
    ) throws {
        WidgetMessages.emit(messages, format: format, container: container, now: now)
        FileHandle.standardOutput.write(Data((output.text + "\n").utf8))
        if output.exitCode != 0 { throw ExitCode(output.exitCode) }
    }
}
