import AppConfigFile
import AppCore
import AppScreens
import ArgumentParser
import Foundation
import Localization
import Models
import ScreenRows
import Storage

/// `hangangjari settings`: every setting and where it is kept; language, API and strict signing are set here.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: helpText(.helpCmdSettings),
        subcommands: [
            Show.self, LanguageSetting.self, APISetting.self, StrictSigning.self, AmbiguousWidthSetting.self,
        ], defaultSubcommand: Show.self)

    struct Show: AppCommand {
        static let configuration = CommandConfiguration(abstract: helpText(.helpCmdSettingsShow))
        @OptionGroup var options: AppOptions
        @Flag(help: ArgumentHelp(helpText(.helpOptJson))) var json = false

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let container = try options.container()
            let (settings, warning) = SettingsStore(container: container).load()
            let ctx = options.context(settings: settings)
            if let warning { context.printError([warning.text(ctx.l)]) }
            let view = SettingsListing.SettingsView(
                settings: settings, configuration: options.configuration,
                language: options.languageChoice(settings: settings),
                settingsFile: container.file("settings.json").path,
                configFile: (try? ConfigFile.url(options.environment).path) ?? "-")
            if json {
                context.print(SettingsListing.json(view))
            } else {
                for line in SettingsListing.all(view, ctx) { context.print(line) }
            }
        }
    }

    struct LanguageSetting: AppCommand {
        static let configuration = CommandConfiguration(
            commandName: "language", abstract: helpText(.helpCmdSettingsLanguage))
        @OptionGroup var options: AppOptions
        @Argument(help: ArgumentHelp(helpText(.helpArgLanguage))) var language: String

        func validate() throws {
            guard Language(rawValue: language) != nil || language == "auto" else {
                throw ValidationError(helpText(.errorLang))
            }
        }

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let settings = try SettingsStore(container: options.container()).update {
                $0.language = language == "auto" ? nil : language
            }
            let l = Localizer(options.language(settings: settings))
            context.print(
                l(
                    .cliLanguageSet,
                    settings.language.map { l(.settingsChosen, $0) } ?? l(.settingsAutomatic, l.language.rawValue)))
        }
    }

    struct APISetting: AppCommand {
        static let configuration = CommandConfiguration(commandName: "api", abstract: helpText(.helpCmdSettingsApi))
        @OptionGroup var options: AppOptions
        @Argument(help: ArgumentHelp(helpText(.helpArgApi))) var url: String

        func validate() throws {
            guard url == "embedded" || url.hasPrefix("http://") || url.hasPrefix("https://") else {
                throw ValidationError(CommandLineHelp.localizer(.cliApiNotURL, url))
            }
        }

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let embedded = url == "embedded"
            let l = options.context().l
            let file: URL
            do {
                file = try ConfigFile.set(.api, to: embedded ? nil : .text(url), environment: options.environment)
            } catch {
                throw ValidationError(Reason(error).text(l))
            }
            context.print(l(.cliApiSet, embedded ? l(.settingsEmbedded) : url, file.path))
        }
    }

    struct StrictSigning: AppCommand {
        static let configuration = CommandConfiguration(
            commandName: "strict-signing", abstract: helpText(.helpCmdSettingsStrictSigning))
        @OptionGroup var options: AppOptions
        @Argument(help: ArgumentHelp(helpText(.helpArgOnOff))) var value: String

        func validate() throws {
            guard ["on", "off"].contains(value) else { throw ValidationError(helpText(.helpArgOnOff)) }
        }

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let l = options.context().l
            let file: URL
            do {
                file = try ConfigFile.set(
                    .strictSigning, to: value == "on" ? .flag(true) : nil, environment: options.environment)
            } catch {
                throw ValidationError(Reason(error).text(l))
            }
            context.print(l(.cliStrictSigningSet, l(value == "on" ? .settingsOn : .settingsOff), file.path))
        }
    }

    struct AmbiguousWidthSetting: AppCommand {
        static let configuration = CommandConfiguration(
            commandName: "ambiguous-width", abstract: helpText(.helpCmdSettingsAmbiguousWidth))
        @OptionGroup var options: AppOptions
        @Argument(
            help: ArgumentHelp(helpText(.helpArgAmbiguousWidth)),
            completion: .list(AmbiguousWidth.allCases.map(\.rawValue)))
        var value: AmbiguousWidth

        func run(in context: CommandContext) async throws {
            let options = self.options.bound(context)
            let settings = try SettingsStore(container: options.container()).update {
                $0.ambiguousWidth = value == .single ? nil : value
            }
            context.print(options.context(settings: settings).l(.cliAmbiguousWidthSet, value.rawValue))
        }
    }
}

extension AmbiguousWidth: ExpressibleByArgument {}
