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
/// Their defaults are `WidgetRunner.Options`', which the small front reads too.
public struct WidgetArguments: ParsableArguments {
    @Option(
        help: ArgumentHelp(helpText(.helpOptKind)), completion: WidgetKind.defaultCompletionKind,
        transform: { try read($0, as: .kind).options.kind })
    public var kind: WidgetKind = WidgetRunner.Options().kind
    @Option(help: ArgumentHelp(helpText(.helpOptWidgetPark)), completion: CompletionLists.parks) public var park:
        String?
    @Option(
        help: ArgumentHelp(helpText(.helpOptFormat)), completion: WidgetFormat.defaultCompletionKind,
        transform: { try read($0, as: .format).options.format })
    public var format: WidgetFormat = WidgetRunner.Options().format
    @Option(help: ArgumentHelp(helpText(.helpOptMaxAge))) public var maxAge: Double = WidgetRunner.Options().maxAge
    @Option(
        help: ArgumentHelp(helpText(.helpOptWidgetLang)), completion: Language.defaultCompletionKind,
        transform: language)
    public var lang: Language?
    @Option(help: ArgumentHelp(helpText(.helpOptDeadline))) public var deadline: Double = WidgetRunner.Options()
        .deadline
    @Option(help: ArgumentHelp(helpText(.helpOptUrgentBelow))) public var urgentBelow: Int?
    @Option(help: ArgumentHelp(helpText(.helpOptWidgetApi))) public var api: String?
    @Option(help: ArgumentHelp(helpText(.helpOptWidgetStateDir)), completion: .directory) public var stateDir: String?
    // Unconditional, so that `--in -5` reaches the range check instead of reading as an option.
    @Option(name: .customLong("in"), parsing: .unconditional, help: ArgumentHelp(helpText(.helpOptWidgetIn)))
    public var arrivalIn: String?

    public init() {}

    /// The discussion shown in `--help` of both commands.
    public static let discussion = helpText(.helpDiscussionWidget)

    public func validate() throws { _ = try read() }

    /// The runner options.
    public var options: WidgetRunner.Options { ((try? read()) ?? QuickArguments()).options }

    /// One value read through ``WidgetOption``, refused in the user's language.
    static func read(_ value: String, as option: WidgetOption) throws -> QuickArguments {
        var arguments = QuickArguments()
        do { try option.read(value, into: &arguments) } catch {
            throw ValidationError(error.text(CommandLineHelp.localizer))
        }
        return arguments
    }

    /// `--lang`'s value; a language the table refuses is a usage error.
    static func language(_ value: String) throws -> Language {
        let read = try read(value, as: .lang)
        guard let language = read.options.language else { throw ValidationError(helpText(.errorLang)) }
        return language
    }

    /// Each given option read through ``WidgetOption``, the table the fresh path's quick parser reads too.
    func read() throws -> QuickArguments {
        let given: [(WidgetOption, String?)] = [
            (.kind, kind.rawValue), (.park, park), (.format, format.rawValue), (.maxAge, "\(maxAge)"),
            (.lang, lang?.rawValue), (.deadline, "\(deadline)"), (.urgentBelow, urgentBelow.map(String.init)),
            (.api, api), (.stateDir, stateDir), (.arrivalIn, arrivalIn),
        ]
        var arguments = QuickArguments()
        for case (let option, let value?) in given {
            do { try option.read(value, into: &arguments) } catch {
                throw ValidationError(error.text(CommandLineHelp.localizer))
            }
        }
        return arguments
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
